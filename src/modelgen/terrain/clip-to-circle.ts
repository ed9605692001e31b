import { clipRing } from '../geometry/clip-ring.ts';
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
    out = clipRing(out, (p) => -side(p));
  }
  return out;
}
