import type { GroundKind } from '../features/map-features.ts';

/** What the ground features are drawn as: the mapped kinds (the coastline becomes the sea; cliffs shape the ground only) and bridge decks. */
export type DrawnKind = Exclude<GroundKind, 'coastline' | 'cliff'> | 'sea';

/** How one kind is drawn: its place in the stack on the ground, its colour, the coarse `surface` the viewer reads. */
export interface GroundLayer {
  /** Higher orders lie above lower ones (and above the bare ground, order 0). */
  drawOrder: number;
  colour: [number, number, number];
  surface: 'water' | 'green' | 'road' | 'area';
}

/**
 * The stack of draped surfaces, bottom to top: the sea under everything mapped on land, land cover,
 * then water, then paths and roads on top (a road through a park shows, a pond in a park shows).
 */
export const GROUND_LAYERS: Record<DrawnKind, GroundLayer> = {
  sea: { drawOrder: 1, colour: [0.3, 0.5, 0.7], surface: 'water' },
  farmland: { drawOrder: 2, colour: [0.68, 0.7, 0.48], surface: 'green' },
  grass: { drawOrder: 3, colour: [0.47, 0.64, 0.38], surface: 'green' },
  rock: { drawOrder: 3, colour: [0.62, 0.6, 0.56], surface: 'area' },
  scrub: { drawOrder: 4, colour: [0.42, 0.54, 0.33], surface: 'green' },
  wood: { drawOrder: 4, colour: [0.33, 0.49, 0.28], surface: 'green' },
  beach: { drawOrder: 5, colour: [0.86, 0.8, 0.62], surface: 'area' },
  pitch: { drawOrder: 6, colour: [0.42, 0.63, 0.4], surface: 'green' },
  pedestrian: { drawOrder: 7, colour: [0.66, 0.64, 0.6], surface: 'road' },
  water: { drawOrder: 8, colour: [0.35, 0.55, 0.75], surface: 'water' },
  // Over the water areas it often runs in: the same planar texture, so the strip does not show there.
  waterway: { drawOrder: 8.5, colour: [0.35, 0.55, 0.75], surface: 'water' },
  path: { drawOrder: 9, colour: [0.72, 0.67, 0.57], surface: 'road' },
  road: { drawOrder: 10, colour: [0.42, 0.42, 0.44], surface: 'road' },
};

/** Height of the lowest draped layer above the ground, metres: clear of the ground once positions are quantised. */
export const BASE_LIFT_M = 0.05;
/** Extra height per draw order, metres, so layers stay apart in depth too. */
export const LIFT_PER_ORDER_M = 0.012;

/** How far above the ground mesh a layer lies, metres. */
export function liftOf(kind: DrawnKind): number {
  return BASE_LIFT_M + LIFT_PER_ORDER_M * GROUND_LAYERS[kind].drawOrder;
}

/** Steps of a quantised position across a node (the GLB stores at most 16-bit positions over each node's extent). */
const POSITION_STEPS = 65534;

/** The ground's quantisation step over a model of this radius: draped layers keep at least that much above it, metres. */
export function quantisationLift(radius: number): number {
  return Math.max(0, (2 * (radius + 20)) / POSITION_STEPS - 0.04);
}
