import type { Point2 } from '../geometry/local-frame.ts';
import { bounds, pointInRing } from '../geometry/polygon.ts';

/** Side of the grid cells footprints are filed in, metres. */
const CELL_M = 50;

/** A footprint: its outer ring and courtyards (metres, the model's frame). */
export interface CoverFootprint {
  outer: Point2[];
  inners: Point2[][];
}

/**
 * Whether a ground point lies under a building (inside a footprint, outside its courtyards). A tree
 * mapped there would grow through the roof: the building's unmapped courtyard or a roof garden, or a
 * mapping slip, and either way not something to draw through a roof.
 */
export function buildingCover(footprints: CoverFootprint[]): (x: number, y: number) => boolean {
  const cells = new Map<string, CoverFootprint[]>();
  for (const footprint of footprints) {
    const box = bounds(footprint.outer);
    for (let cx = Math.floor(box.minX / CELL_M); cx <= Math.floor(box.maxX / CELL_M); cx++) {
      for (let cy = Math.floor(box.minY / CELL_M); cy <= Math.floor(box.maxY / CELL_M); cy++) {
        const key = `${cx},${cy}`;
        cells.set(key, [...(cells.get(key) ?? []), footprint]);
      }
    }
  }
  return (x, y) => {
    const near = cells.get(`${Math.floor(x / CELL_M)},${Math.floor(y / CELL_M)}`) ?? [];
    return near.some((f) => pointInRing([x, y], f.outer) && !f.inners.some((inner) => pointInRing([x, y], inner)));
  };
}
