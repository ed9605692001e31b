/** Heights of a building or part, metres above its base, and which values were guessed. */
export interface BuildingHeights {
  /** Bottom of the walls (min_height / building:min_level). */
  minHeight: number;
  /** Top of the walls, where the roof starts. */
  wallTop: number;
  /** Top of the roof (the tagged `height`). */
  height: number;
  roofShape: string;
  /** The tagged `roof:angle`, degrees: roofs are drawn at this pitch on every face. */
  pitch?: number;
  /** Whether `height` was tagged (a roof drawn at a tagged pitch then ends at that height). */
  heightTagged: boolean;
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
const FLAT_SHAPES = new Set(['flat', '']);
/** Roofs as high as half their footprint is wide, when their height is not tagged. */
const HALF_WIDTH_SHAPES = new Set(['dome', 'onion']);

/**
 * Reads OSM's Simple 3D Buildings tags: `height`, `min_height`, `building:levels`, `building:min_level`,
 * `roof:levels`, `roof:height`, `roof:angle`, `roof:shape`. Where tags are missing, defaults by building
 * type, all recorded in `guessed`; a missing `roof:shape` is flat (roofs are inferred before, in
 * roof-inference/).
 *
 * @param footprintWidth - the smaller side of the footprint's bounding box, for roofs given by angle
 */
export function buildingHeights(tags: Record<string, string>, footprintWidth: number): BuildingHeights {
  const guessed: string[] = [];
  const type = tags.building && tags.building !== 'yes' ? tags.building : (tags['building:part'] ?? 'yes');
  let roofShape = (tags['roof:shape'] ?? '').toLowerCase();
  // Roofs that are not mapped are inferred before (roof-inference/); what is still missing is flat.
  if (!roofShape) {
    roofShape = 'flat';
    guessed.push('roof:shape');
  }
  const levels = number(tags['building:levels']);
  // `roof:levels=0` says the roof holds no storey, not that it is flat: a pitched roof keeps its pitch.
  const taggedRoofLevels = number(tags['roof:levels']);
  const roofLevels = taggedRoofLevels === 0 && !FLAT_SHAPES.has(roofShape) ? undefined : taggedRoofLevels;
  const minLevel = number(tags['building:min_level']);
  let minHeight = length(tags.min_height) ?? (minLevel !== undefined ? minLevel * LEVEL_HEIGHT_M : 0);

  let roofHeight = length(tags['roof:height']);
  const angle = number(tags['roof:angle']);
  if (roofHeight === undefined && angle !== undefined && !FLAT_SHAPES.has(roofShape)) roofHeight = Math.tan((Math.min(angle, 80) * Math.PI) / 180) * (footprintWidth / 2);
  if (roofHeight === undefined && roofLevels !== undefined) roofHeight = roofLevels * LEVEL_HEIGHT_M;

  let height = length(tags.height);
  const heightTagged = height !== undefined;
  // Walls start at min_height: storeys are counted from there (a dome on a tower sits above the tower).
  if (height === undefined && levels !== undefined) height = Math.max(levels * LEVEL_HEIGHT_M, minHeight + LEVEL_HEIGHT_M) + (roofHeight ?? 0);
  if (height === undefined) {
    // A raised part (a drum under a dome, a turret) is one storey above its min_height, not a whole building.
    const defaultLevels = minHeight > 0 ? 1 : (DEFAULT_LEVELS[type] ?? 2);
    height = minHeight + defaultLevels * LEVEL_HEIGHT_M + (roofHeight ?? 0);
    guessed.push('height');
  }
  if (roofHeight === undefined) {
    // A dome or onion of unknown height is a half sphere; it sits on top of guessed walls, uncapped.
    const halfWidth = HALF_WIDTH_SHAPES.has(roofShape);
    const byWidth = halfWidth ? footprintWidth / 2 : Math.max(1, footprintWidth * 0.3);
    const cap = halfWidth && guessed.includes('height') ? Infinity : Math.max(1, (height - minHeight) * 0.5);
    roofHeight = FLAT_SHAPES.has(roofShape) ? 0 : Math.min(byWidth, cap);
    if (!FLAT_SHAPES.has(roofShape)) guessed.push('roof:height');
    // Storeys are walls: a roof of guessed height goes on top of them, whether the height was guessed or
    // counted from `building:levels` (a mapped `height` includes the roof).
    if (!FLAT_SHAPES.has(roofShape) && !heightTagged) height += roofHeight;
  }
  minHeight = Math.min(minHeight, height - 0.5);
  const wallTop = Math.max(minHeight, height - roofHeight);
  const pitch = angle !== undefined && !FLAT_SHAPES.has(roofShape) ? Math.min(angle, 80) : undefined;
  return { minHeight: Math.max(0, minHeight), wallTop, height, roofShape: roofShape || 'flat', ...(pitch !== undefined ? { pitch } : {}), heightTagged, guessed };
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
