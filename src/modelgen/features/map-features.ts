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

/** A coloured ground area: water, green, or a paved road strip. */
export interface GroundFeature {
  kind: 'water' | 'green' | 'road';
  osmId: string;
  /** Polygon outline for areas; the centre line for roads. */
  points: LonLatRing;
  /** Road width in metres. */
  width?: number;
  /** Woods and forests: trees are planted inside (HD). */
  wooded?: boolean;
}

/** A solar PV installation mapped in OSM (`generator:source=solar`, `generator:method=photovoltaic`): an area or a point. */
export interface SolarFeature {
  osmId: string;
  /** The area's outline, or the one point of a node. */
  points: LonLatRing;
  tags: Record<string, string>;
}

/** Everything the generator draws from OpenStreetMap. */
export interface MapFeatures {
  buildings: BuildingFeature[];
  trees: TreeFeature[];
  ground: GroundFeature[];
  solar: SolarFeature[];
}
