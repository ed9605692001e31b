import type { Lod2SourceSpec } from './lod2/lod2-source-spec.ts';

/** Where the generator reads OpenStreetMap data and terrain from (chosen by the service's settings). */
export interface GeneratorSources {
  overpassUrl: string;
  /** A local extract, indexed beforehand (`solar-partner osm index`). */
  osmExtract?: string;
  /** PostgreSQL with PostGIS holding OpenStreetMap imported with osm/solar-partner.lua; read before anything else. */
  osmDatabaseUrl?: string;
  terrainTilesUrl?: string;
  terrainDir?: string;
  /** Measured LoD2 city models that replace OSM buildings where they cover them. */
  lod2Sources?: Lod2SourceSpec[];
  /** Folder for indexes and caches the generator keeps between runs. */
  cacheDir: string;
}

/** One model to build: the area, its quality and the data sources. */
export interface ModelRequest {
  latitude: number;
  longitude: number;
  radiusKm: number;
  quality: 'hd' | 'sd';
  sources: GeneratorSources;
}

/** A progress report: percentage 0–100 and a sentence a person can read. */
export interface ProgressReport {
  progress: number;
  step: string;
}

/** A finished model: the GLB bytes and a summary for logs. */
export interface GeneratedModel {
  glb: Uint8Array;
  summary: Record<string, string | number | boolean>;
}

/** The generator's contract: build the model of an area, reporting progress as it goes. */
export type GenerateModel = (request: ModelRequest, onProgress: (report: ProgressReport) => void) => Promise<GeneratedModel>;
