import type { TextureName } from './texture-names.ts';

/** sRGB colour, 0–1 per channel. */
export type Rgb = [number, number, number];

/**
 * Metalness stays low even for metal roofs: painted sheet and patina are dielectric, and without an
 * environment map in the viewer a fully metallic surface renders dark.
 *
 * A physically based material of the model: the base colour (multiplied with its texture, which holds
 * only the pattern and its light and dark), roughness, metalness, and the texture with the size of
 * one repeat on the ground or wall, in metres.
 */
export interface SurfaceMaterial {
  name: string;
  colour: Rgb;
  roughness: number;
  metalness: number;
  texture?: TextureName;
  /** Metres one repeat of the texture covers (u, v). Facades repeat per bay and storey instead. */
  tile?: number;
}

const m = (name: string, colour: string, roughness: number, metalness: number, texture?: TextureName, tile?: number): SurfaceMaterial => ({
  name, colour: hex(colour), roughness, metalness, ...(texture ? { texture, tile } : {}),
});

/**
 * Every material a model can use, by OSM's `roof:material`, `building:material` and ground surface
 * names (aliases resolved in material-rules.ts).
 */
export const MATERIALS = {
  // Roofs
  roof_tiles: m('roof_tiles', '#b5553a', 0.75, 0, 'roof_tiles', 1.2),
  slate: m('slate', '#4f5459', 0.6, 0, 'slate', 1.2),
  metal: m('metal', '#8d949a', 0.5, 0.15, 'metal_seams', 2.4),
  copper: m('copper', '#5fa38a', 0.55, 0.05, 'metal_seams', 2.4),
  gold: m('gold', '#d9ad45', 0.35, 0.5, 'metal_seams', 2.4),
  zinc: m('zinc', '#8e979c', 0.5, 0.25, 'metal_seams', 2.4),
  gravel: m('gravel', '#cfcac0', 0.95, 0, 'gravel', 3),
  roof_concrete: m('roof_concrete', '#c4c2bc', 0.9, 0, 'concrete', 4),
  tar_paper: m('tar_paper', '#57585a', 0.85, 0, 'concrete', 4),
  glass_roof: m('glass_roof', '#6f8fa6', 0.1, 0.2),
  thatch: m('thatch', '#a08a5a', 0.95, 0, 'thatch', 2),
  roof_green: m('roof_green', '#6f8c4a', 0.95, 0, 'grass', 4),
  solar_cells: m('solar_cells', '#4a6290', 0.3, 0, 'pv_modules', 2),
  // Walls (facade textures carry windows per storey; see facade.ts)
  plaster: m('plaster', '#e6dccb', 0.9, 0, 'plaster', 3),
  brick: m('brick', '#a65a42', 0.85, 0, 'brick', 3),
  stone: m('stone', '#cdc4b2', 0.85, 0, 'stone', 3),
  concrete: m('concrete', '#bdbab3', 0.9, 0, 'concrete', 3),
  wood: m('wood', '#8b6a48', 0.8, 0, 'wood', 3),
  glass: m('glass', '#8aa2b5', 0.15, 0.2, 'glass', 3),
  metal_wall: m('metal_wall', '#aeb3b6', 0.5, 0.2, 'metal_seams', 3),
  // Ground
  ground: m('ground', '#aab88a', 1, 0, 'grass', 6),
  grass: m('grass', '#7fae55', 1, 0, 'grass', 4),
  forest_floor: m('forest_floor', '#5d6b3d', 1, 0, 'forest_floor', 4),
  asphalt: m('asphalt', '#55575a', 0.9, 0, 'asphalt', 4),
  paving: m('paving', '#b3aca0', 0.85, 0, 'paving', 2),
  water: m('water', '#3f6f94', 0.08, 0, 'water', 12),
  sand: m('sand', '#dcc9a0', 1, 0, 'sand', 4),
  farmland: m('farmland', '#a59a62', 1, 0, 'sand', 6),
  rail: m('rail', '#6e665e', 0.95, 0, 'gravel', 3),
  // Trees
  bark: m('bark', '#5a4632', 1, 0),
  foliage: m('foliage', '#4a7a3a', 1, 0),
} satisfies Record<string, SurfaceMaterial>;

export type MaterialName = keyof typeof MATERIALS;

/** A `#rrggbb` colour as 0–1 sRGB. */
export function hex(value: string): Rgb {
  return [1, 3, 5].map((i) => Number.parseInt(value.slice(i, i + 2), 16) / 255) as Rgb;
}
