import type { GroundFeature, GroundKind } from './map-features.ts';

/** Default carriageway widths by `highway` class, metres (a road's paved width, both directions). */
const ROAD_WIDTHS: Record<string, number> = {
  motorway: 12, trunk: 10, primary: 9, secondary: 8, tertiary: 7, motorway_link: 6, trunk_link: 6, primary_link: 6, secondary_link: 6, tertiary_link: 5,
  residential: 6, unclassified: 5, road: 5, service: 4, living_street: 5, busway: 6,
};
/** Default widths of paths, metres. */
const PATH_WIDTHS: Record<string, number> = { pedestrian: 5, footway: 2, path: 1.5, cycleway: 2, bridleway: 2, steps: 2, track: 3 };
/**
 * Default widths of waterways mapped as lines, metres (a river's usual width where no `width` is mapped;
 * wide rivers are also mapped as water areas, drawn under the line's strip).
 */
const WATERWAY_WIDTHS: Record<string, number> = { river: 12, canal: 8, stream: 2.5, ditch: 1.5, drain: 1.5 };
/** Width of one lane when a road says how many lanes it has, metres. */
const LANE_WIDTH_M = 3.2;

/** Area kinds by tag value. */
const AREA_KINDS: [key: string, values: string[], kind: GroundKind][] = [
  ['natural', ['water'], 'water'],
  ['waterway', ['riverbank', 'dock'], 'water'],
  ['landuse', ['reservoir', 'basin'], 'water'],
  ['leisure', ['swimming_pool'], 'water'],
  ['natural', ['wood'], 'wood'],
  ['landuse', ['forest'], 'wood'],
  ['natural', ['scrub', 'heath'], 'scrub'],
  ['natural', ['beach', 'sand'], 'beach'],
  ['natural', ['bare_rock', 'scree'], 'rock'],
  ['leisure', ['pitch', 'track'], 'pitch'],
  ['landuse', ['farmland', 'orchard', 'vineyard', 'allotments', 'plant_nursery'], 'farmland'],
  ['landuse', ['grass', 'meadow', 'village_green', 'recreation_ground', 'cemetery'], 'grass'],
  ['leisure', ['park', 'garden', 'playground', 'dog_park'], 'grass'],
  ['natural', ['grassland'], 'grass'],
];

/** The Overpass QL filter that selects the waterways `lineFeature` draws. */
export const WATERWAY_FILTER = `["waterway"~"^(${Object.keys(WATERWAY_WIDTHS).join('|')})$"]`;

/** The Overpass QL filters that select every area `areaKind` knows (for ways and multipolygon relations). */
export const AREA_FILTERS: string[] = [...new Set(AREA_KINDS.map(([key]) => key))].map((key) => {
  const values = [...new Set(AREA_KINDS.filter(([k]) => k === key).flatMap(([, v]) => v))];
  return `["${key}"~"^(${values.join('|')})$"]`;
});

/** The kind of a ground area from its tags, or undefined when it is not drawn on the ground. */
export function areaKind(tags: Record<string, string>): GroundKind | undefined {
  if ((tags.highway === 'pedestrian' || tags.highway === 'footway') && tags.area === 'yes') return 'pedestrian';
  for (const [key, values, kind] of AREA_KINDS) if (values.includes(tags[key])) return kind;
  return undefined;
}

/** `service=*` values whose names are not street names. */
const UNNAMED_SERVICE = new Set(['parking_aisle', 'driveway', 'drive-through']);

/**
 * A line drawn on the ground from a way's tags (centre line given): a road or path (`highway`), a
 * waterway (river, stream, canal, ditch, drain; in a culvert it is underground), the coastline, a cliff's
 * edge; undefined when it is none of these.
 */
export function lineFeature(tags: Record<string, string>): Omit<GroundFeature, 'osmId' | 'points'> | undefined {
  const highway = tags.highway;
  if (tags.natural === 'coastline') return { kind: 'coastline' };
  if (tags.natural === 'cliff') return { kind: 'cliff' };
  const waterway = WATERWAY_WIDTHS[tags.waterway];
  if (waterway !== undefined && tags.area !== 'yes') return { kind: 'waterway', width: metres(tags.width) ?? waterway, ...placement(tags) };
  if (!highway || tags.area === 'yes') return undefined;
  const road = ROAD_WIDTHS[highway];
  const path = PATH_WIDTHS[highway];
  if (road === undefined && path === undefined) return undefined;
  const lanes = Number.parseFloat(tags.lanes ?? '');
  const width = metres(tags.width) ?? (road !== undefined && lanes > 0 && lanes <= 12 ? lanes * LANE_WIDTH_M : (road ?? path));
  // Parking aisles and driveways carry names of car parks and houses, not of streets.
  const named = tags.name && !UNNAMED_SERVICE.has(tags.service ?? '');
  return { kind: road !== undefined ? 'road' : 'path', roadClass: highway, width, ...(named ? { name: tags.name } : {}), ...placement(tags) };
}

/** Bridge, tunnel and layer of a way, as far as drawing on the surface is concerned. */
export function placement(tags: Record<string, string>): Pick<GroundFeature, 'bridge' | 'underground' | 'layer'> {
  const layer = Number.parseInt(tags.layer ?? '', 10);
  const out: Pick<GroundFeature, 'bridge' | 'underground' | 'layer'> = {};
  if (Number.isFinite(layer)) out.layer = layer;
  if (tags.bridge && tags.bridge !== 'no') out.bridge = true;
  else if ((tags.tunnel && tags.tunnel !== 'no') || (Number.isFinite(layer) && layer < 0) || tags.location === 'underground') out.underground = true;
  return out;
}

/** A length tag in metres (`6`, `6.5 m`, `6,5`), or undefined when unreadable or not positive. */
function metres(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const match = /^\s*(\d+(?:[.,]\d+)?)\s*(m|metres|meters)?\s*$/i.exec(value);
  const number = match ? Number.parseFloat(match[1].replace(',', '.')) : NaN;
  return number > 0 && number < 200 ? number : undefined;
}
