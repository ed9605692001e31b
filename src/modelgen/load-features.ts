import { emptyMapFeatures, type MapFeatures } from './features/map-features.ts';
import { assembleFeatures } from './features/assemble-features.ts';
import { withoutDuplicateOutlines } from './features/duplicate-outlines.ts';
import type { GeneratorSources } from './model-generator.ts';
import { ExtractIndex } from './osm/extract-index.ts';
import { OsmData } from './osm/osm-elements.ts';
import { fetchOverpass } from './osm/overpass-source.ts';
import { osmDatabase, queryPostgis } from './osm/postgis-source.ts';

/**
 * Reads the map features around a point from the first source that is set: the OpenStreetMap database
 * (PostGIS), the local extract's index, else the Overpass API.
 */
export async function loadFeatures(sources: GeneratorSources, latitude: number, longitude: number, radiusM: number): Promise<LoadedFeatures> {
  const { features, ...rest } = await readFeatures(sources, latitude, longitude, radiusM);
  return { features: withoutDuplicateOutlines(features), ...rest };
}

/** The map features around a place, where they came from, and why there are none when the source does not cover it. */
export interface LoadedFeatures {
  features: MapFeatures;
  source: string;
  /** Set when the source holds no data for the place (a local extract of another area). */
  outsideReason?: string;
}

async function readFeatures(sources: GeneratorSources, latitude: number, longitude: number, radiusM: number): Promise<LoadedFeatures> {
  if (sources.osmDatabaseUrl) {
    const features = await queryPostgis(osmDatabase(sources.osmDatabaseUrl), latitude, longitude, radiusM);
    return { features, source: `OpenStreetMap database ${databaseName(sources.osmDatabaseUrl)}` };
  }
  if (sources.osmExtract) {
    const index = ExtractIndex.open(sources.osmExtract, sources.cacheDir);
    const source = `OpenStreetMap extract ${sources.osmExtract.split('/').pop()}`;
    const outsideReason = index.outsideReason(latitude, longitude, radiusM);
    if (outsideReason) return { features: emptyMapFeatures(), source, outsideReason };
    return { features: index.query(latitude, longitude, radiusM), source };
  }
  const elements = await fetchOverpass(latitude, longitude, radiusM, { url: sources.overpassUrl });
  return { features: assembleFeatures(new OsmData(elements)), source: `Overpass API ${new URL(sources.overpassUrl).host}` };
}

/** The database's name and host, for the model's metadata (never its user or password). */
function databaseName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname.replace(/^\//, '')} on ${parsed.hostname}`;
}
