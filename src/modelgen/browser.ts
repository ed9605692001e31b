/**
 * What the browser app uses from the model generator: the roof correction's rules, and the roof builder to
 * redraw a building whose roof the visitor corrects (the page loads the builder when a roof is first
 * redrawn, from `browser-redraw.ts`). Nothing here (or below it) imports Node modules or server code; a
 * test keeps it so. (The straight skeleton's WebAssembly is loaded by `initSkeleton` when a correction needs
 * it: cross-gabled roofs, and hipped ones on outlines with inner corners; the page does not load it before.)
 */
export { checkCorrection, correctionNeedsSkeleton, CORRECTABLE_SHAPES, CORRECTION_PITCH, correctionTags, defaultRidgeDirection, DIRECTED_SHAPES, ridgeAlongWalls, SKELETON_FALLBACK, type CorrectableBuilding, type CorrectableShape, type RedrawnBuilding, type RedrawnSurface, type RoofCorrection } from './roof-correction/roof-correction.ts';
export type { RoofSegment } from './geometry/roof-segment.ts';
export type { StreetLabel } from './ground/street-labels.ts';
export { initSkeleton } from './geometry/roofs/skeleton-roof.ts';
export { OSM_ATTRIBUTION } from './attribution.ts';
/** Why a generation failed for good, as failed jobs name it. */
export { OUTSIDE_MAP_DATA } from './permanent-error.ts';
/** The local metric frame and the polygon helpers the Solar Wizard lays panels out with. */
export { LocalFrame, type Point2 } from './geometry/local-frame.ts';
export { bounds, distanceToSegment, pointInRing, segmentsCross } from './geometry/polygon.ts';
/** The building table of a model: each building's metadata, roof faces and runs of the batch primitives. */
export { BuildingLookup, parseBuildingTable, type BuildingRange, type BuildingRecord, type BuildingTableRef } from './gltf/building-table.ts';
