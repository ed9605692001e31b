import type { Point2 } from '../geometry/local-frame.ts';
import { signedArea } from '../geometry/polygon.ts';

/** How far each segment's rectangle reaches past its ends, metres. */
const OVERLAP_M = 0.1;

/**
 * A road or path as convex pieces (counter-clockwise) that together cover its strip `width` wide: one
 * rectangle per segment of the centre line and, at each bend, the wedge that closes the gap on its
 * outer side (a bevel join; the inner side overlaps). One triangle per bend keeps winding paths cheap.
 */
export function stripPieces(line: Point2[], width: number): Point2[][] {
  const half = width / 2;
  const out: Point2[][] = [];
  let previous: Point2 | undefined;
  for (let i = 0; i + 1 < line.length; i++) {
    const [ax, ay] = line[i];
    const [bx, by] = line[i + 1];
    const length = Math.hypot(bx - ax, by - ay);
    if (length < 0.01) continue;
    const normal: Point2 = [(-(by - ay) / length) * half, ((bx - ax) / length) * half];
    const [nx, ny] = normal;
    // Each rectangle reaches a little past its ends, so neighbours overlap instead of meeting on a seam.
    const ex = ((bx - ax) / length) * OVERLAP_M;
    const ey = ((by - ay) / length) * OVERLAP_M;
    const [sx, sy, tx, ty] = [ax - ex, ay - ey, bx + ex, by + ey];
    out.push([[sx - nx, sy - ny], [tx - nx, ty - ny], [tx + nx, ty + ny], [sx + nx, sy + ny]]);
    if (previous) {
      // The outer side of the bend is where the two rectangles' edges part: fill it with one triangle.
      const turn = previous[0] * ny - previous[1] * nx;
      const side = turn > 0 ? -1 : 1;
      const wedge: Point2[] = [[ax, ay], [ax + side * previous[0], ay + side * previous[1]], [ax + side * nx, ay + side * ny]];
      const area = signedArea(wedge);
      if (Math.abs(area) > 1e-4) out.push(area > 0 ? wedge : wedge.reverse());
    }
    previous = normal;
  }
  return out;
}
