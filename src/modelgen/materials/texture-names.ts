/** Tiling textures of the model's materials (made by procedural-textures.ts). */
export const TEXTURE_NAMES = [
  'roof_tiles', 'slate', 'metal_seams', 'gravel', 'concrete', 'thatch', 'pv_modules',
  'plaster', 'brick', 'stone', 'wood', 'glass',
  'grass', 'forest_floor', 'asphalt', 'paving', 'water', 'sand',
] as const;

export type TextureName = (typeof TEXTURE_NAMES)[number];

/** What a wall shows per bay and storey: windows, a shop front (ground floor), or nothing. */
export type FacadeLayout = 'windows' | 'shop' | 'plain';
