import type { GeneratorSources } from './model-generator.ts';
import { SrtmTerrain } from './terrain/srtm-hgt.ts';
import { TerrariumTerrain } from './terrain/terrarium-tiles.ts';
import { FLAT_TERRAIN, type TerrainSource } from './terrain/terrain-source.ts';

/**
 * The terrain the settings choose: SRTM tiles in `terrainDir`, else Terrarium tiles at `terrainTilesUrl`,
 * else flat ground. A terrain source that fails does not fail the model: it is built flat, and says why.
 */
export async function loadTerrain(sources: GeneratorSources, latitude: number, longitude: number, radiusM: number): Promise<{ terrain: TerrainSource; flatReason?: string }> {
  if (sources.terrainDir) return { terrain: new SrtmTerrain(sources.terrainDir) };
  if (sources.terrainTilesUrl) {
    try {
      return { terrain: await TerrariumTerrain.load(sources.terrainTilesUrl, latitude, longitude, radiusM) };
    } catch (error) {
      return { terrain: FLAT_TERRAIN, flatReason: (error as Error).message };
    }
  }
  return { terrain: FLAT_TERRAIN, flatReason: 'terrain switched off' };
}
