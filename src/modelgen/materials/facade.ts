import { isCarPark } from '../roof-inference/roof-rules.ts';
import type { FacadeLayout } from './texture-names.ts';

/** Width of one window bay on a facade texture, metres. */
export const BAY_M = 3;
/** Below this wall height a building gets no window rows (a garden shed, a wall-high fence). */
const MIN_WINDOWED_WALL_M = 2.2;
/** A part smaller than this, with no storeys mapped, holds no rooms: a column's drum, a pinnacle, a turret (m²). */
const MIN_ROOMS_M2 = 50;

const SHOP_TYPES = new Set(['retail', 'commercial', 'supermarket', 'kiosk', 'mall', 'shop', 'department_store']);
const PLAIN_TYPES = new Set([
  'garage', 'garages', 'shed', 'carport', 'roof', 'industrial', 'warehouse', 'hangar', 'manufacture', 'storage_tank', 'silo', 'barn',
  'farm_auxiliary', 'stable', 'service', 'transformer_tower', 'water_tower', 'bunker', 'parking', 'church', 'cathedral', 'chapel',
  'mosque', 'synagogue', 'temple', 'shrine', 'bell_tower', 'tower', 'ruins', 'wall', 'greenhouse', 'bridge', 'tent', 'hut',
]);

/** `man_made=*` structures drawn as buildings that have no storeys of rooms behind their walls. */
const PLAIN_STRUCTURES = new Set(['tower', 'chimney', 'silo', 'storage_tank', 'water_tower', 'bunker_silo', 'kiln']);

/**
 * Walls, towers, monuments and car parks mapped with `building=*` (a town wall, a clock tower, a
 * column's pedestal, a multi-storey car park): no rows of windows, which made them read as blocks of flats.
 */
function isStructure(tags: Record<string, string>): boolean {
  return Boolean(tags.barrier) || PLAIN_STRUCTURES.has(tags.man_made ?? '') || ['monument', 'memorial'].includes(tags.historic ?? '') || isCarPark(tags);
}

/** How a building's walls are textured: the layout of its storeys and their count. */
export interface Facade {
  /** Upper storeys (and the ground floor unless `groundFloor` differs). */
  layout: FacadeLayout;
  /** The ground floor's layout, when it differs (shop fronts). */
  groundFloor?: FacadeLayout;
  /** Storeys between the walls' bottom and top; the texture repeats once per storey in V. */
  levels: number;
  /** Height of one storey, metres. */
  levelHeight: number;
}

/**
 * The facade of a building or part whose walls run from `minHeight` to `wallTop` (metres above its
 * base): window rows per storey (`building:levels` − `building:min_level`, else the wall height / 3 m),
 * shop fronts on the ground floor of retail and commercial buildings, plain walls where windows make no
 * sense (garages, sheds, industrial halls, churches' tall naves, parts of `area` m² too small for rooms).
 */
export function facadeOf(tags: Record<string, string>, minHeight: number, wallTop: number, area = Infinity): Facade {
  const wall = Math.max(wallTop - minHeight, 0.1);
  const type = tags.building && tags.building !== 'yes' ? tags.building : (tags['building:part'] ?? 'yes');
  const taggedLevels = positive(tags['building:levels']);
  const minLevel = positive(tags['building:min_level']) ?? 0;
  const fromTag = taggedLevels !== undefined && taggedLevels - minLevel >= 1 ? Math.round(taggedLevels - minLevel) : undefined;
  const levels = fromTag ?? Math.max(1, Math.round(wall / 3));
  const levelHeight = storeyHeight(minHeight, wallTop, levels);
  const roomless = Boolean(tags['building:part']) && taggedLevels === undefined && area < MIN_ROOMS_M2;
  if (PLAIN_TYPES.has(type) || isStructure(tags) || roomless || wall < MIN_WINDOWED_WALL_M || levelHeight > 8) return { layout: 'plain', levels, levelHeight };
  const shop = SHOP_TYPES.has(type) || !!tags.shop;
  return { layout: 'windows', ...(shop && minHeight < 0.5 ? { groundFloor: 'shop' as const } : {}), levels, levelHeight };
}

/** Height of one of `levels` storeys in walls running from `minHeight` to `wallTop`, metres. */
export function storeyHeight(minHeight: number, wallTop: number, levels: number): number {
  return Math.max(wallTop - minHeight, 0.1) / Math.max(levels, 1);
}

function positive(value: string | undefined): number | undefined {
  const number = value === undefined ? NaN : Number.parseFloat(value);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}
