/**
 * What the browser app uses from the model generator: the roof builder, to redraw a building whose
 * roof the visitor corrects. Nothing here (or below it) imports Node modules or server code; a test
 * keeps it so. (The straight skeleton's WebAssembly is only loaded by the generator: hipped roofs in
 * the browser are drawn on convex outlines, which need none.)
 */
export { checkCorrection, CORRECTABLE_SHAPES, CORRECTION_PITCH, correctionTags, defaultRidgeDirection, DIRECTED_SHAPES, redrawBuilding, SKELETON_FALLBACK, type CorrectableBuilding, type CorrectableShape, type RedrawnBuilding, type RedrawnSurface, type RoofCorrection } from './roof-correction/roof-correction.ts';
export type { RoofSegment } from './geometry/roof-segment.ts';
/** The local metric frame and the polygon helpers the Solar Wizard lays panels out with. */
export { LocalFrame, type Point2 } from './geometry/local-frame.ts';
export { bounds, distanceToSegment, pointInRing } from './geometry/polygon.ts';
/** The building table of a model: each building's metadata, roof faces and runs of the batch primitives. */
export { BuildingLookup, parseBuildingTable, type BuildingRange, type BuildingRecord, type BuildingTableRef } from './gltf/building-table.ts';
