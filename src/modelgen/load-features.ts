import type { MapFeatures } from './features/map-features.ts';
import { assembleFeatures } from './features/assemble-features.ts';
import type { GeneratorSources } from './model-generator.ts';
import { ExtractIndex } from './osm/extract-index.ts';
import { OsmData } from './osm/osm-elements.ts';
import { fetchOverpass } from './osm/overpass-source.ts';

/** Reads the map features around a point from the local extract when one is set, else from Overpass. */
export async function loadFeatures(sources: GeneratorSources, latitude: number, longitude: number, radiusM: number, note: (step: string) => void): Promise<{ features: MapFeatures; source: string }> {
  if (sources.osmExtract) {
    const index = await ExtractIndex.open(sources.osmExtract, sources.cacheDir, note);
    return { features: index.query(latitude, longitude, radiusM), source: `OpenStreetMap extract ${sources.osmExtract.split('/').pop()}` };
  }
  const elements = await fetchOverpass(latitude, longitude, radiusM, { url: sources.overpassUrl });
  return { features: assembleFeatures(new OsmData(elements)), source: `Overpass API ${new URL(sources.overpassUrl).host}` };
}
