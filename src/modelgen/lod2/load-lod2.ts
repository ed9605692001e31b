import type { GeneratorSources } from '../model-generator.ts';
import { Lod2Index } from './lod2-index.ts';
import type { Lod2Content } from './lod2-types.ts';
import { fetchOgcFeatures } from './ogc-features-source.ts';

/** The measured buildings around a point from every LoD2 source, and why a source gave none when it failed. */
export interface Lod2Load {
  contents: Lod2Content[];
  /** One line per source that could not be read (the model is then built from the others and OSM). */
  failures: string[];
}

/**
 * Reads the measured buildings in the box around a circle from every LoD2 source of the settings: local
 * files through their cell index (built once), services through OGC API – Features. A service that fails
 * does not fail the model (OSM draws the buildings there, and the model says why); a local file that
 * cannot be read does, since it is the operator's to fix.
 */
export async function loadLod2(sources: GeneratorSources, latitude: number, longitude: number, radiusM: number, note: (step: string) => void): Promise<Lod2Load> {
  const contents: Lod2Content[] = [];
  const failures: string[] = [];
  for (const source of sources.lod2Sources ?? []) {
    if (source.kind === 'local') {
      const index = await Lod2Index.open(source.path, source.options, sources.cacheDir, note);
      contents.push(...index.query(latitude, longitude, radiusM));
      continue;
    }
    try {
      note(`Reading measured buildings from ${new URL(source.url).host}`);
      contents.push(await fetchOgcFeatures(source.url, source.options, latitude, longitude, radiusM));
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  return { contents, failures };
}
