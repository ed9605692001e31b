/** A ring of [longitude, latitude] points, first point not repeated at the end. */
export type LonLatRing = [number, number][];

/** A building or building part, with its outline and courtyards. */
export interface BuildingFeature {
  kind: 'building' | 'part';
  /** `way/123` or `relation/456`. */
  osmId: string;
  tags: Record<string, string>;
  outer: LonLatRing;
  inners: LonLatRing[];
}

/** A tree with its position and tags. */
export interface TreeFeature {
  osmId: string;
  lon: number;
  lat: number;
  tags: Record<string, string>;
}

/**
 * What a ground feature is, for drawing and for materials: areas (water, wood, grass, …), lines widened
 * to strips (roads, paths, and rivers, streams and canals mapped as lines), the coastline, from
 * which the sea is drawn, and cliffs, which are not drawn but keep a steep coast's height (see
 * sea-level-ground.ts).
 */
export type GroundKind = 'road' | 'path' | 'waterway' | 'pedestrian' | 'water' | 'wood' | 'scrub' | 'grass' | 'farmland' | 'pitch' | 'beach' | 'rock' | 'coastline' | 'cliff';

/** A ground feature: an area lying on the terrain, a road or path strip, or a piece of coastline. */
export interface GroundFeature {
  kind: GroundKind;
  osmId: string;
  /** The outer ring of an area; the centre line of a road or path; the coastline with the land on its left. */
  points: LonLatRing;
  /** Holes of an area (inner rings of a multipolygon: islands in a lake, clearings in a wood). */
  inners?: LonLatRing[];
  /** Width of a road, path or waterway strip, metres. */
  width?: number;
  /** The `highway` value of a road or path. */
  roadClass?: string;
  /** The street's `name`, when a road, a path or a pedestrian area (a square) has one (the viewer writes a road's on it). */
  name?: string;
  /** Woods and trees: `leaf_type` as mapped. */
  leafType?: string;
  /** `bridge=*` (not `no`): drawn at deck height. */
  bridge?: boolean;
  /** `tunnel=*` (not `no`) or `layer` below 0: not on the surface. */
  underground?: boolean;
  /** `layer` when mapped. */
  layer?: number;
}

/** A solar PV installation mapped in OSM (`generator:source=solar`, `generator:method=photovoltaic`): an area or a point. */
export interface SolarFeature {
  osmId: string;
  /** The area's outline, or the one point of a node. */
  points: LonLatRing;
  tags: Record<string, string>;
}

/**
 * An address mapped as a point (`addr:housenumber` on a node): inside its building, or on its outline as an
 * entrance. Where addresses are mapped this way (Helsinki, Monaco, much of Germany), it is the only
 * house number a building has.
 */
export interface AddressPoint {
  osmId: string;
  lon: number;
  lat: number;
  /** `addr:housenumber`. */
  number: string;
  /** `addr:street`, when mapped. */
  street?: string;
  /** The address of a shop, a café or another place mapped as a point, not of an address node or an entrance. */
  ofPlace?: boolean;
}

/** Everything the generator draws from OpenStreetMap. */
export interface MapFeatures {
  buildings: BuildingFeature[];
  trees: TreeFeature[];
  ground: GroundFeature[];
  solar: SolarFeature[];
  addresses: AddressPoint[];
}

/** Map features with nothing in them, to be filled. */
export function emptyMapFeatures(): MapFeatures {
  return { buildings: [], trees: [], ground: [], solar: [], addresses: [] };
}

/**
 * Orders OSM ids as OSM numbers them (`way/200` before `way/1000`, `node/…` before `way/…`): what the
 * generator decides among features by, so a model does not depend on the order its map source lists them.
 */
export function compareOsmIds(a: string, b: string): number {
  return OSM_ID_ORDER.compare(a, b);
}

/** One collator for every comparison: `localeCompare` with options builds one per call. */
const OSM_ID_ORDER = new Intl.Collator('en', { numeric: true });
