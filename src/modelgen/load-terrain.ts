import type { GeneratorSources } from './model-generator.ts';
import { SrtmTerrain } from './terrain/srtm-hgt.ts';
import { FLAT_TERRAIN, type TerrainSource } from './terrain/terrain-source.ts';

/**
 * The terrain the settings choose: SRTM tiles in `terrainDir`; otherwise flat ground, with the reason
 * (terrain switched off, or Terrarium tiles, which this version does not read).
 */
export function loadTerrain(sources: GeneratorSources): { terrain: TerrainSource; flatReason?: string } {
  if (sources.terrainDir) return { terrain: new SrtmTerrain(sources.terrainDir) };
  if (sources.terrainTilesUrl) return { terrain: FLAT_TERRAIN, flatReason: 'Terrarium tiles (TERRAIN_TILES_URL) are not read by this version; set TERRAIN_DIR to SRTM tiles for terrain' };
  return { terrain: FLAT_TERRAIN, flatReason: 'terrain switched off' };
}
