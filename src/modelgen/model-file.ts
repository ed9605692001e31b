/**
 * Reading the GLB files the generator writes (for Node), without loading the generator itself: the
 * roof-insights threads start in a fraction of the time `index.ts` would take.
 */
export { readGlbDocument, readModelScene, roofSegmentsOfGlb, type ModelBuildingNode, type ModelScene } from './gltf/model-reader.ts';
