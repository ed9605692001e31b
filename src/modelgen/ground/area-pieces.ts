import earcut from 'earcut';
import type { Point2 } from '../geometry/local-frame.ts';
import { bounds, signedArea } from '../geometry/polygon.ts';

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
  const rings = [polygon.outer, ...polygon.holes].filter((ring) => ring.length >= 3);
  if (rings[0] !== polygon.outer) return [];
  const flat: number[] = [];
  const holeIndices: number[] = [];
  for (const [index, ring] of rings.entries()) {
    if (index > 0) holeIndices.push(flat.length / 2);
    for (const [x, y] of ring) flat.push(x, y);
  }
  const indices = earcut(flat, holeIndices, 2);
  const point = (i: number): Point2 => [flat[2 * i], flat[2 * i + 1]];
  const out: Point2[][] = [];
  for (let i = 0; i < indices.length; i += 3) {
    const triangle = [point(indices[i]), point(indices[i + 1]), point(indices[i + 2])];
    const area = signedArea(triangle);
    if (Math.abs(area) < 1e-6) continue;
    out.push(area > 0 ? triangle : triangle.reverse());
  }
  return out;
}
