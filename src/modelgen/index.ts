/**
 * The 3D city model generator as a library (no server code): OpenStreetMap and terrain in, GLB out.
 */
export type { GeneratedModel, GenerateModel, GeneratorSources, ModelRequest, ProgressReport } from './model-generator.ts';
export { generateModel } from './generate-model.ts';
export { OSM_ATTRIBUTION } from './attribution.ts';
export { isPermanentGenerationError, OUTSIDE_MAP_DATA, PermanentGenerationError } from './permanent-error.ts';
export { Gazetteer, loadGazetteer, type PlaceName } from './osm/place-names.ts';
export { indexExtractInThread as indexExtract } from './osm/index-extract-in-thread.ts';
export { isExtractIndexed } from './osm/extract-index.ts';
export type { IndexSummary } from './osm/build-extract-index.ts';
