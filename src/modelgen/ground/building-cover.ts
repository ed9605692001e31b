import type { Point2 } from '../geometry/local-frame.ts';
import { BoxGrid } from '../geometry/box-grid.ts';
import { bounds, pointInRing } from '../geometry/polygon.ts';

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
  const grid = new BoxGrid<CoverFootprint>();
  for (const footprint of footprints) grid.add(bounds(footprint.outer), footprint);
  return (x, y) => grid.at(x, y).some((f) => pointInRing([x, y], f.outer) && !f.inners.some((inner) => pointInRing([x, y], inner)));
}
