import type { Point2 } from '../geometry/local-frame.ts';

/** Corners of the disc laid at each bend, so strips join without gaps. */
const JOINT_SIDES = 8;

/**
 * A road or path as convex pieces (counter-clockwise) that together cover its strip `width` wide: one
 * rectangle per segment of the centre line and a small disc at each inner vertex (and each end, so a
 * road ends round like the road it meets).
 */
export function stripPieces(line: Point2[], width: number): Point2[][] {
  const half = width / 2;
  const out: Point2[][] = [];
  for (let i = 0; i + 1 < line.length; i++) {
    const [ax, ay] = line[i];
    const [bx, by] = line[i + 1];
    const length = Math.hypot(bx - ax, by - ay);
    if (length < 0.01) continue;
    const nx = (-(by - ay) / length) * half;
    const ny = ((bx - ax) / length) * half;
    out.push([[ax - nx, ay - ny], [bx - nx, by - ny], [bx + nx, by + ny], [ax + nx, ay + ny]]);
  }
  for (let i = 0; i < line.length; i++) {
    const [x, y] = line[i];
    // Straight joins need no disc; a bend of more than a few degrees leaves a wedge open without one.
    if (i > 0 && i + 1 < line.length && !bends(line[i - 1], line[i], line[i + 1])) continue;
    out.push(Array.from({ length: JOINT_SIDES }, (_, k): Point2 => {
      const angle = (2 * Math.PI * k) / JOINT_SIDES;
      return [x + half * Math.cos(angle), y + half * Math.sin(angle)];
    }));
  }
  return out;
}

function bends(a: Point2, b: Point2, c: Point2): boolean {
  const ux = b[0] - a[0], uy = b[1] - a[1], vx = c[0] - b[0], vy = c[1] - b[1];
  const cross = ux * vy - uy * vx;
  const dot = ux * vx + uy * vy;
  return Math.abs(Math.atan2(cross, dot)) > (3 * Math.PI) / 180;
}
