import type { Point2 } from '../geometry/local-frame.ts';

/** The parts of a polyline inside the circle of `radius` around the origin, with the crossing points added. */
export function clipLineToCircle(line: Point2[], radius: number): Point2[][] {
  const parts: Point2[][] = [];
  let current: Point2[] = [];
  const inside = ([x, y]: Point2) => x * x + y * y <= radius * radius;
  for (let i = 0; i + 1 < line.length; i++) {
    const a = line[i];
    const b = line[i + 1];
    const [t0, t1] = segmentInside(a, b, radius);
    if (t0 >= t1) {
      if (current.length > 1) parts.push(current);
      current = [];
      continue;
    }
    const at = (t: number): Point2 => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    if (current.length === 0 || !inside(a)) {
      if (current.length > 1) parts.push(current);
      current = [at(t0)];
    }
    current.push(at(t1));
    if (t1 < 1) {
      parts.push(current);
      current = [];
    }
  }
  if (current.length > 1) parts.push(current);
  return parts;
}

/** The parameter range [t0, t1] of segment a–b inside the circle (t0 ≥ t1 when it misses). */
function segmentInside(a: Point2, b: Point2, radius: number): [number, number] {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const qa = dx * dx + dy * dy;
  const qb = 2 * (a[0] * dx + a[1] * dy);
  const qc = a[0] * a[0] + a[1] * a[1] - radius * radius;
  if (qa < 1e-12) return qc <= 0 ? [0, 1] : [1, 0];
  const disc = qb * qb - 4 * qa * qc;
  if (disc <= 0) return [1, 0];
  const root = Math.sqrt(disc);
  return [Math.max(0, (-qb - root) / (2 * qa)), Math.min(1, (-qb + root) / (2 * qa))];
}
