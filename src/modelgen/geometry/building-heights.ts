/** Heights of a building or part, metres above its base, and which values were guessed. */
export interface BuildingHeights {
  /** Bottom of the walls (min_height / building:min_level). */
  minHeight: number;
  /** Top of the walls, where the roof starts. */
  wallTop: number;
  /** Top of the roof (the tagged `height`). */
  height: number;
  roofShape: string;
  /** Tags whose values were not given and are defaults. */
  guessed: string[];
}

/** Storey height used to turn levels into metres (Simple 3D Buildings' usual 3 m, plus a little roof slab). */
export const LEVEL_HEIGHT_M = 3;

/** Typical storeys by building type where OSM says nothing: a house is not 3 m tall. */
const DEFAULT_LEVELS: Record<string, number> = {
  house: 2, detached: 2, semidetached_house: 2, terrace: 2, residential: 2, bungalow: 1, farm: 2, hut: 1, cabin: 1,
  garage: 1, garages: 1, shed: 1, carport: 1, roof: 1, kiosk: 1, service: 1, greenhouse: 1, barn: 2,
  apartments: 5, hotel: 6, office: 5, commercial: 4, retail: 2, industrial: 3, warehouse: 3, hospital: 5,
  school: 3, university: 4, church: 4, cathedral: 8, public: 3, civic: 3, train_station: 2, dormitory: 4,
};
const DEFAULT_ROOF_SHAPES: Record<string, string> = { house: 'gabled', detached: 'gabled', semidetached_house: 'gabled', farm: 'gabled', barn: 'gabled', bungalow: 'hipped', hut: 'gabled', cabin: 'gabled' };
const FLAT_SHAPES = new Set(['flat', '']);

/**
 * Reads OSM's Simple 3D Buildings tags: `height`, `min_height`, `building:levels`, `building:min_level`,
 * `roof:levels`, `roof:height`, `roof:angle`, `roof:shape`. Where tags are missing, defaults by building
 * type, all recorded in `guessed`.
 *
 * @param footprintWidth - the smaller side of the footprint's bounding box, for roofs given by angle
 */
export function buildingHeights(tags: Record<string, string>, footprintWidth: number): BuildingHeights {
  const guessed: string[] = [];
  const type = tags.building && tags.building !== 'yes' ? tags.building : (tags['building:part'] ?? 'yes');
  let roofShape = (tags['roof:shape'] ?? '').toLowerCase();
  if (!roofShape) {
    roofShape = DEFAULT_ROOF_SHAPES[type] ?? 'flat';
    guessed.push('roof:shape');
  }
  const levels = number(tags['building:levels']);
  const roofLevels = number(tags['roof:levels']);
  const minLevel = number(tags['building:min_level']);
  let minHeight = length(tags.min_height) ?? (minLevel !== undefined ? minLevel * LEVEL_HEIGHT_M : 0);

  let roofHeight = length(tags['roof:height']);
  const angle = number(tags['roof:angle']);
  if (roofHeight === undefined && angle !== undefined && !FLAT_SHAPES.has(roofShape)) roofHeight = Math.tan((Math.min(angle, 80) * Math.PI) / 180) * (footprintWidth / 2);
  if (roofHeight === undefined && roofLevels !== undefined) roofHeight = roofLevels * LEVEL_HEIGHT_M;

  let height = length(tags.height);
  if (height === undefined && levels !== undefined) height = levels * LEVEL_HEIGHT_M + (roofHeight ?? 0);
  if (height === undefined) {
    const defaultLevels = DEFAULT_LEVELS[type] ?? 2;
    height = defaultLevels * LEVEL_HEIGHT_M + (roofHeight ?? 0);
    guessed.push('height');
  }
  if (roofHeight === undefined) {
    roofHeight = FLAT_SHAPES.has(roofShape) ? 0 : Math.min(Math.max(1, footprintWidth * 0.3), Math.max(1, (height - minHeight) * 0.5));
    if (!FLAT_SHAPES.has(roofShape)) guessed.push('roof:height');
    if (!FLAT_SHAPES.has(roofShape) && guessed.includes('height')) height += roofHeight;
  }
  minHeight = Math.min(minHeight, height - 0.5);
  const wallTop = Math.max(minHeight, height - roofHeight);
  return { minHeight: Math.max(0, minHeight), wallTop, height, roofShape: roofShape || 'flat', guessed };
}

function number(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number.parseFloat(value.replace(',', '.'));
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined;
}

/** A length tag in metres; feet (`30'` or `30 ft`) converted. */
function length(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const feet = /^\s*([\d.]+)\s*(?:'|ft)\s*$/i.exec(value);
  if (feet) return Number(feet[1]) * 0.3048;
  return number(value.replace(/\s*m$/i, ''));
}
