import type { Point2 } from '../geometry/local-frame.ts';

/** What a viewer needs to redraw a building's roof: its outline (metres east, north of the model origin) and eaves. */
export interface FootprintExtras {
  footprint: { outer: Point2[]; inners: Point2[][] };
  /** Height of the wall tops above the building's base, where a corrected roof starts. */
  wallTop: number;
}

/** The node extras a building's roof can be redrawn from (centimetre precision). */
export function footprintExtras(outer: Point2[], inners: Point2[][], wallTop: number): FootprintExtras {
  const ring = (points: Point2[]) => points.map(([x, y]) => [cm(x), cm(y)] as Point2);
  return { footprint: { outer: ring(outer), inners: inners.map(ring) }, wallTop: cm(wallTop) };
}

function cm(value: number): number {
  return Math.round(value * 100) / 100;
}
