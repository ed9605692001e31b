import { parseColour } from '../gltf/colours.ts';
import { MATERIALS, hex, type MaterialName, type Rgb } from './surface-materials.ts';
import type { Region } from './region.ts';

/** A surface's material and the colour it is drawn in (a tagged colour, else the material's own). */
export interface MaterialChoice {
  material: MaterialName;
  colour: Rgb;
  /** Whether the material or colour came from a tag rather than a default. */
  tagged: boolean;
}

/** OSM `roof:material` values (and common variants) to the model's materials. */
const ROOF_MATERIALS: Record<string, MaterialName> = {
  roof_tiles: 'roof_tiles', tile: 'roof_tiles', tiles: 'roof_tiles', clay: 'roof_tiles', ceramic: 'roof_tiles', eternit: 'slate',
  slate: 'slate', stone: 'slate', asbestos: 'slate',
  metal: 'metal', metal_sheet: 'metal', steel: 'metal', tin: 'metal', aluminium: 'metal',
  copper: 'copper', gold: 'gold', zinc: 'zinc', lead: 'zinc',
  gravel: 'gravel', pebblestone: 'gravel', concrete: 'roof_concrete', cement: 'roof_concrete', asphalt: 'tar_paper',
  tar_paper: 'tar_paper', bitumen: 'tar_paper', roofing_felt: 'tar_paper', membrane: 'tar_paper', plastic: 'roof_concrete',
  glass: 'glass_roof', acrylic_glass: 'glass_roof', polycarbonate: 'glass_roof',
  thatch: 'thatch', reed: 'thatch', straw: 'thatch', grass: 'roof_green', plants: 'roof_green', wood: 'wood', wooden: 'wood',
  solar_panels: 'solar_cells',
};

/** OSM `building:material` / `building:facade:material` values to the model's wall materials. */
const WALL_MATERIALS: Record<string, MaterialName> = {
  brick: 'brick', bricks: 'brick', clinker: 'brick', plaster: 'plaster', stucco: 'plaster', render: 'plaster', cement_block: 'concrete',
  concrete: 'concrete', reinforced_concrete: 'concrete', panel: 'concrete', stone: 'stone', sandstone: 'stone', limestone: 'stone',
  granite: 'stone', marble: 'stone', wood: 'wood', timber_framing: 'wood', log: 'wood', glass: 'glass', mirror: 'glass',
  metal: 'metal_wall', steel: 'metal_wall', metal_plates: 'metal_wall', aluminium: 'metal_wall',
};

const PLAIN_METAL_TYPES = new Set(['industrial', 'warehouse', 'hangar', 'manufacture', 'storage_tank', 'silo']);
const SMALL_SHEDS = new Set(['garage', 'garages', 'shed', 'carport', 'hut', 'cabin', 'barn', 'farm_auxiliary', 'stable', 'roof', 'service', 'kiosk']);
const SACRED = new Set(['church', 'cathedral', 'chapel', 'mosque', 'temple', 'synagogue', 'monastery', 'shrine']);

/**
 * The roof's material: the tagged `roof:material` and `roof:colour` when present, else a default by the
 * roof's shape, the building's type and the region (a pitched roof is tiled, in Russia painted sheet
 * metal; a flat roof gravel; a church's roof slate or copper; a dome metal).
 */
export function roofMaterial(tags: Record<string, string>, shape: string, region: Region, seed = ''): MaterialChoice {
  const tagged = ROOF_MATERIALS[(tags['roof:material'] ?? '').toLowerCase()];
  const colour = parseColour(tags['roof:colour']);
  const material = tagged ?? defaultRoof(tags, shape, region);
  return { material, colour: colour ?? defaultRoofColour(material, tags, region, seed), tagged: !!(tagged || colour) };
}

/** The walls' material: tagged `building:material` / `building:colour`, else a default by type and region. */
export function wallMaterial(tags: Record<string, string>, region: Region, seed = ''): MaterialChoice {
  const tagged = WALL_MATERIALS[(tags['building:material'] ?? tags['building:facade:material'] ?? '').toLowerCase()];
  const colour = parseColour(tags['building:colour'] ?? tags['building:facade:colour']);
  const material = tagged ?? defaultWall(tags, region);
  return { material, colour: colour ?? defaultWallColour(material, region, seed), tagged: !!(tagged || colour) };
}

function typeOf(tags: Record<string, string>): string {
  return tags.building && tags.building !== 'yes' ? tags.building : (tags['building:part'] ?? 'yes');
}

function defaultRoof(tags: Record<string, string>, shape: string, region: Region): MaterialName {
  const type = typeOf(tags);
  if (type === 'greenhouse') return 'glass_roof';
  if (shape === 'dome' || shape === 'onion' || shape === 'half-dome') return region === 'east' ? 'gold' : 'copper';
  if (shape === 'flat') return PLAIN_METAL_TYPES.has(type) ? 'tar_paper' : 'gravel';
  if (PLAIN_METAL_TYPES.has(type)) return 'metal';
  if (SACRED.has(type)) return region === 'east' ? 'metal' : region === 'south' ? 'roof_tiles' : 'slate';
  if (region === 'east') return 'metal';
  return 'roof_tiles';
}

function defaultRoofColour(material: MaterialName, tags: Record<string, string>, region: Region, seed: string): Rgb {
  if (material === 'roof_tiles') return region === 'south' ? hex('#c06a45') : hex('#9c4a35');
  // Painted sheet roofs of Russian towns: green, red-brown or grey, varied per building so a street is not uniform.
  if (material === 'metal' && region === 'east' && !PLAIN_METAL_TYPES.has(typeOf(tags))) return pick(seed, [hex('#5d7d5a'), hex('#8a4a3c'), hex('#7c8388'), hex('#5f6f7d')]);
  return MATERIALS[material].colour;
}

function defaultWall(tags: Record<string, string>, region: Region): MaterialName {
  const type = typeOf(tags);
  if (type === 'greenhouse') return 'glass';
  if (PLAIN_METAL_TYPES.has(type)) return 'metal_wall';
  if (SACRED.has(type)) return region === 'east' ? 'plaster' : 'stone';
  if (type === 'garage' || type === 'garages') return 'concrete';
  if (type === 'shed' || type === 'hut' || type === 'cabin' || type === 'barn') return 'wood';
  if (type === 'office') return 'concrete';
  return 'plaster';
}

function defaultWallColour(material: MaterialName, region: Region, seed: string): Rgb {
  if (material !== 'plaster') return MATERIALS[material].colour;
  // Plaster is painted: warm ochres and creams by the Mediterranean, whites and pale tones elsewhere.
  const south = ['#ecd9b4', '#e9c79a', '#f1e6cf', '#e2b99a', '#efe2c4', '#dcc6a2'];
  const north = ['#eeeae2', '#e8e0cf', '#f2efe8', '#e3dccd', '#ece6d6'];
  const east = ['#efe9dc', '#e9d8b0', '#e6e1d6', '#d9c7a5', '#f0e4c8'];
  return pick(seed, (region === 'south' ? south : region === 'east' ? east : north).map(hex));
}

/** One of `options`, the same for the same building (hashed from its id), so every model paints it alike. */
function pick<T>(seed: string, options: T[]): T {
  let hash = 2166136261;
  for (const c of seed) hash = Math.imul(hash ^ c.charCodeAt(0), 16777619);
  return options[(hash >>> 0) % options.length];
}
