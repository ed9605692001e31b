import type { Footprint, Roof, RoofHeights } from './roof-types.ts';

/** A flat roof at the top of the walls, courtyards left open. */
export function flatRoof(footprint: Footprint, heights: RoofHeights): Roof {
  const top = heights.height;
  return {
    shape: 'flat',
    faces: [{ outer: footprint.outer.map(([x, y]) => [x, y, top]), holes: footprint.inners.map((ring) => ring.map(([x, y]) => [x, y, top])) }],
    wallTopAt: () => top,
    wallBreaks: () => [],
  };
}
