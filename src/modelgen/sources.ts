/**
 * The generator's data-source settings and tools for Node, cheap to load (no geometry, no WebAssembly):
 * what the service's settings read to name measured-roof (LoD2) sources, and the indexing of a local
 * OpenStreetMap extract (`solar-partner osm index`). The generator itself is in `index.ts`.
 */
export { parseLod2Sources, type Lod2SourceSpec } from './lod2/lod2-source-spec.ts';
export type { GeneratorSources } from './model-generator.ts';
export { isExtractIndexed } from './osm/extract-index.ts';
export { indexExtractInThread as indexExtract } from './osm/index-extract-in-thread.ts';
export type { IndexSummary } from './osm/build-extract-index.ts';
