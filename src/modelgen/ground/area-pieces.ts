import type { Point2 } from '../geometry/local-frame.ts';
import { triangles } from '../geometry/clip-footprint.ts';
import { bounds } from '../geometry/polygon.ts';

/** A polygon in the ground plane: an outer ring and its holes. */
export interface Polygon2 {
  outer: Point2[];
  holes: Point2[][];
}

/**
 * An area as convex pieces (triangles, counter-clockwise) that cover it and leave its holes open,
 * keeping only those that can reach the circle of `radius`. Empty when the area lies wholly outside.
 */
export function areaPieces(polygon: Polygon2, radius: number): Point2[][] {
  const box = bounds(polygon.outer);
  if (box.minX > radius || box.maxX < -radius || box.minY > radius || box.maxY < -radius) return [];
  if (polygon.outer.length < 3) return [];
  return triangles({ outer: polygon.outer, inners: polygon.holes });
}
