import type { Point3 } from '../geometry/mesh-builder.ts';

/** Sides of the polygon standing for the circle: at 5 km it is within 1.5 m of the circle. */
export const CIRCLE_SIDES = 128;

/**
 * The part of a convex polygon (x, y and a height, counter-clockwise seen from above) inside a circle
 * around the origin, itself a convex polygon; heights of new corners are interpolated along the cut
 * sides, so the piece lies in the polygon's plane. The circle is taken as a regular polygon of
 * {@link CIRCLE_SIDES} corners on it. Empty when nothing is inside.
 */
export function clipToCircle(polygon: Point3[], radius: number): Point3[] {
  let out = polygon;
  for (let k = 0; k < CIRCLE_SIDES && out.length > 0; k++) {
    const a = (2 * Math.PI * k) / CIRCLE_SIDES;
    const b = (2 * Math.PI * (k + 1)) / CIRCLE_SIDES;
    const [ax, ay, bx, by] = [radius * Math.cos(a), radius * Math.sin(a), radius * Math.cos(b), radius * Math.sin(b)];
    // Inside the circle's side a–b is to its left (the polygon runs counter-clockwise).
    const side = (p: Point3) => (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax);
    if (out.every((p) => side(p) >= 0)) continue;
    out = clipByLine(out, side);
  }
  return out;
}

/** Sutherland–Hodgman: the part of a polygon where `side` ≥ 0. */
function clipByLine(polygon: Point3[], side: (p: Point3) => number): Point3[] {
  const out: Point3[] = [];
  for (let i = 0; i < polygon.length; i++) {
    const p = polygon[i];
    const q = polygon[(i + 1) % polygon.length];
    const sp = side(p);
    const sq = side(q);
    if (sp >= 0) out.push(p);
    if ((sp >= 0) !== (sq >= 0)) {
      const t = sp / (sp - sq);
      out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]), p[2] + t * (q[2] - p[2])]);
    }
  }
  return out;
}
