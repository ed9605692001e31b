import type { Point2 } from '../geometry/local-frame.ts';

/**
 * Where the rings cross the horizontal line at `y`, sorted west to east. Between the first and second
 * crossing, the third and fourth, and so on, the line is inside the rings (even-odd rule, so holes stay
 * out): the scanline fill that rasters and grids over polygons share.
 */
export function rowCrossings(rings: readonly Point2[][], y: number): number[] {
  const crossings: number[] = [];
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y) crossings.push(xi + ((y - yi) * (xj - xi)) / (yj - yi));
    }
  }
  return crossings.sort((a, b) => a - b);
}
