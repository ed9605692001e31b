import { MATERIALS, type MaterialName } from './surface-materials.ts';
import type { UvMapping } from './uv-mapping.ts';

/**
 * The material of a ground surface by its kind: the generator's own kinds (`ground`, `green`, `road`,
 * `water`) and the finer kinds of draped OSM areas (landuse, leisure, natural, surface values).
 */
const GROUND: Record<string, MaterialName> = {
  ground: 'ground', terrain: 'ground',
  green: 'grass', grass: 'grass', park: 'grass', garden: 'grass', meadow: 'grass', village_green: 'grass', recreation_ground: 'grass',
  pitch: 'grass', golf_course: 'grass', cemetery: 'grass', grassland: 'grass', playground: 'sand', allotments: 'grass', orchard: 'grass',
  vineyard: 'farmland', farmland: 'farmland', heath: 'forest_floor', scrub: 'forest_floor',
  forest: 'forest_floor', wood: 'forest_floor', woods: 'forest_floor', nature_reserve: 'forest_floor',
  road: 'asphalt', asphalt: 'asphalt', highway: 'asphalt', street: 'asphalt', parking: 'asphalt', motorway: 'asphalt',
  paving: 'paving', paved: 'paving', paving_stones: 'paving', sett: 'paving', cobblestone: 'paving', pedestrian: 'paving', footway: 'paving',
  square: 'paving', plaza: 'paving', path: 'paving', steps: 'paving', concrete: 'paving', residential: 'ground', commercial: 'paving', retail: 'paving',
  industrial: 'paving', railway: 'rail', rail: 'rail', gravel: 'gravel', construction: 'sand',
  water: 'water', waterway: 'water', sea: 'water', ocean: 'water', river: 'water', riverbank: 'water', lake: 'water', reservoir: 'water', swimming_pool: 'water', basin: 'water',
  sand: 'sand', beach: 'sand', 'bridge-deck': 'asphalt', 'bridge-structure': 'roof_concrete', bare_rock: 'roof_concrete', rock: 'roof_concrete', dirt: 'sand', ground_soil: 'sand',
};

/** The ground material for a kind, `ground` for kinds not known. */
export function groundMaterial(kind: string): MaterialName {
  return GROUND[kind] ?? 'ground';
}

/** A ground primitive's material and planar texture layout at the material's own repeat. */
export function groundSurface(kind: string): { material: { material: MaterialName }; uv: UvMapping } {
  const material = groundMaterial(kind);
  return { material: { material }, uv: { kind: 'ground', tile: MATERIALS[material].tile ?? 4 } };
}
