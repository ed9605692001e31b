import type { Point2 } from './local-frame.ts';

/** Signed area (positive when counter-clockwise seen from above, x east and y north). */
export function signedArea(ring: Point2[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  return sum / 2;
}

/** The ring in the given orientation. */
export function oriented(ring: Point2[], counterClockwise: boolean): Point2[] {
  return (signedArea(ring) > 0) === counterClockwise ? ring : [...ring].reverse();
}

/**
 * Removes repeated points and points on a straight line (within `tolerance` metres), which would make
 * degenerate triangles and upset the straight skeleton.
 */
export function cleanRing(ring: Point2[], tolerance = 0.01): Point2[] {
  let points = ring.filter((p, i) => {
    const next = ring[(i + 1) % ring.length];
    return Math.hypot(p[0] - next[0], p[1] - next[1]) > tolerance;
  });
  let changed = true;
  while (changed && points.length > 3) {
    changed = false;
    for (let i = 0; i < points.length; i++) {
      const a = points[(i + points.length - 1) % points.length];
      const b = points[i];
      const c = points[(i + 1) % points.length];
      const cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
      if (Math.abs(cross) / Math.max(Math.hypot(c[0] - a[0], c[1] - a[1]), 1e-9) < tolerance) {
        points = points.filter((_, k) => k !== i);
        changed = true;
        break;
      }
    }
  }
  return points;
}

export function pointInRing([x, y]: Point2, ring: Point2[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Whether two segments cross properly: the ends of each lie strictly on either side of the other (by
 * more than `tolerance`, a cross product, so rounding on collinear or touching segments does not count).
 */
export function segmentsCross(p: Point2, q: Point2, r: Point2, s: Point2, tolerance = 0): boolean {
  const side = (a: Point2, b: Point2, c: Point2) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  const apart = (d1: number, d2: number) => (d1 > tolerance && d2 < -tolerance) || (d1 < -tolerance && d2 > tolerance);
  return apart(side(r, s, p), side(r, s, q)) && apart(side(p, q, r), side(p, q, s));
}

/** Area centroid of a ring. */
export function centroid(ring: Point2[]): Point2 {
  let cx = 0;
  let cy = 0;
  let area = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const cross = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
    area += cross;
    cx += (ring[j][0] + ring[i][0]) * cross;
    cy += (ring[j][1] + ring[i][1]) * cross;
  }
  if (Math.abs(area) < 1e-9) return ring[0];
  return [cx / (3 * area), cy / (3 * area)];
}

/** Whether any part of the ring lies within `radius` of the origin (the footprint touches the circle). */
export function touchesCircle(ring: Point2[], radius: number): boolean {
  if (pointInRing([0, 0], ring)) return true;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    if (distanceToSegment([0, 0], ring[j], ring[i]) <= radius) return true;
  }
  return false;
}

export function distanceToSegment(p: Point2, a: Point2, b: Point2): number {
  const [x, y] = closestOnSegment(p, a, b);
  return Math.hypot(p[0] - x, p[1] - y);
}

/** The point of the segment a–b nearest to `p`. */
export function closestOnSegment(p: Point2, a: Point2, b: Point2): Point2 {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared));
  return [a[0] + t * dx, a[1] + t * dy];
}

/** Smallest and largest x and y of a set of points. */
export function bounds(points: readonly (readonly number[])[]): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}

/** Convex hull (Andrew's monotone chain), counter-clockwise. */
export function convexHull(points: Point2[]): Point2[] {
  const sorted = [...points].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  if (sorted.length < 3) return sorted;
  const cross = (o: Point2, a: Point2, b: Point2) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const chain = (list: Point2[]) => {
    const out: Point2[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...chain(sorted), ...chain([...sorted].reverse())];
}

/** Distance from a point to a ring's outline (its nearest edge), inside or outside it. */
export function distanceToOutline(p: Point2, ring: readonly Point2[]): number {
  let nearest = Infinity;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) nearest = Math.min(nearest, distanceToSegment(p, ring[j], ring[i]));
  return nearest;
}

/** Whether two convex polygons overlap (more than touch): no edge of either separates them (the separating axis test). */
export function convexOverlap(p: readonly Point2[], q: readonly Point2[]): boolean {
  for (const shape of [p, q]) {
    for (let i = 0; i < shape.length; i++) {
      const [a, b] = [shape[i], shape[(i + 1) % shape.length]];
      const axis: Point2 = [b[1] - a[1], a[0] - b[0]];
      const project = (ring: readonly Point2[]) => ring.map(([x, y]) => x * axis[0] + y * axis[1]);
      const [pp, qq] = [project(p), project(q)];
      if (Math.max(...pp) <= Math.min(...qq) || Math.max(...qq) <= Math.min(...pp)) return false;
    }
  }
  return true;
}

/**
 * How far a ray from `p` along the unit direction `d` runs before it meets an edge of `ring`, or Infinity
 * when it meets none.
 */
export function rayToRing(p: Point2, d: Point2, ring: readonly Point2[]): number {
  let nearest = Infinity;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    const e: Point2 = [b[0] - a[0], b[1] - a[1]];
    const denominator = d[0] * e[1] - d[1] * e[0];
    if (Math.abs(denominator) < 1e-12) continue;
    const w: Point2 = [a[0] - p[0], a[1] - p[1]];
    const t = (w[0] * e[1] - w[1] * e[0]) / denominator;
    const u = (w[0] * d[1] - w[1] * d[0]) / denominator;
    if (t > 1e-9 && u >= 0 && u <= 1) nearest = Math.min(nearest, t);
  }
  return nearest;
}
