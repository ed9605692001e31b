import type { Point2 } from '../geometry/local-frame.ts';
import { convexHull, signedArea } from '../geometry/polygon.ts';
import { minimumBoundingRectangle } from '../geometry/roofs/roof-outline.ts';

/** What a footprint's outline says about the roof it can carry. */
export interface FootprintShape {
  /** Square metres, courtyards excluded. */
  area: number;
  /** Long and short side of the smallest bounding rectangle, metres. */
  length: number;
  width: number;
  /** Unit vector along the rectangle's long side (x east, y north). */
  along: Point2;
  /** Area over the bounding rectangle's area: 1 for a rectangle, about 0.75 for an L. */
  rectangularity: number;
  /** Long side over short side. */
  aspect: number;
  /** Corners turning by more than CORNER_DEGREES (a rectangle has 4, an L 6). */
  corners: number;
  /** Area over the convex hull's area. */
  convexity: number;
  courtyards: number;
}

/** A turn smaller than this is a kink in a wall, not a corner. */
const CORNER_DEGREES = 20;

/** Measures a footprint: outer ring counter-clockwise, courtyards clockwise, local metres. */
export function footprintShape(outer: Point2[], inners: Point2[][] = []): FootprintShape {
  const area = Math.abs(signedArea(outer)) - inners.reduce((sum, ring) => sum + Math.abs(signedArea(ring)), 0);
  const { along, length, width } = minimumBoundingRectangle(outer);
  const hull = Math.abs(signedArea(convexHull(outer)));
  return {
    area,
    length,
    width,
    along,
    rectangularity: length * width > 0 ? area / (length * width) : 0,
    aspect: width > 0 ? length / width : 1,
    corners: countCorners(outer),
    convexity: hull > 0 ? area / hull : 0,
    courtyards: inners.length,
  };
}

function countCorners(ring: Point2[]): number {
  let corners = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[(i + ring.length - 1) % ring.length];
    const b = ring[i];
    const c = ring[(i + 1) % ring.length];
    const turn = Math.atan2(c[1] - b[1], c[0] - b[0]) - Math.atan2(b[1] - a[1], b[0] - a[0]);
    const degrees = Math.abs(((((turn * 180) / Math.PI) + 540) % 360) - 180);
    if (degrees > CORNER_DEGREES) corners += 1;
  }
  return corners;
}
