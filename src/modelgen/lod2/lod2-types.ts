/** A vertex of a measured building: WGS84 longitude and latitude, and height in metres as the data gives it. */
export type Lod2Point = [number, number, number];

/** What a surface of a measured building is, from the data's semantics (or its slope where it has none). */
export type SurfaceKind = 'roof' | 'wall' | 'ground' | 'closure';

/**
 * The kind of each semantic surface of CityGML and CityJSON. An outer floor (a terrace open to the sky)
 * faces up and is drawn as roof; an outer ceiling (the underside of an overhang or a passage) faces down
 * and is drawn like a wall: no panel lies on it.
 */
export const SURFACE_KINDS: Record<string, SurfaceKind> = {
  RoofSurface: 'roof',
  WallSurface: 'wall',
  GroundSurface: 'ground',
  ClosureSurface: 'closure',
  OuterFloorSurface: 'roof',
  OuterCeilingSurface: 'wall',
};

/** One planar polygon of a building's LoD2 shell, with its holes. */
export interface Lod2Polygon {
  kind: SurfaceKind;
  outer: Lod2Point[];
  holes: Lod2Point[][];
}

/** A measured building (with its parts): every polygon of its LoD2 geometry, reprojected to WGS84. */
export interface Lod2Building {
  /** The data's id of the building (CityGML gml:id, CityJSON object id). */
  id: string;
  /** Short name of the dataset it comes from, e.g. `geobasis-nrw`, `3dbag`. */
  dataset: string;
  /** Roof class the data gives (AdV `roofType` code, 3D BAG `b3_dak_type`), when it gives one. */
  roofType?: string;
  polygons: Lod2Polygon[];
}

/** A dataset the buildings come from: its short name, its name for people and the credit its licence asks for. */
export interface Lod2Dataset {
  name: string;
  /** How visitors and the site report name it: its publisher's or survey's name (`Geobasis NRW`, `3DBAG`). Absent in indexes made before it existed. */
  title?: string;
  attribution: string;
}

/** What one file or answer holds. */
export interface Lod2Content {
  dataset: Lod2Dataset;
  buildings: Lod2Building[];
}

/** Options a LoD2 source may carry in the settings: its CRS (for files that name none), name, title and credit. */
export interface Lod2SourceOptions {
  crs?: string;
  name?: string;
  title?: string;
  attribution?: string;
}

/** Rounds a reprojected vertex for storage: about 1 mm horizontally and vertically. */
export function roundPoint(lon: number, lat: number, z: number): Lod2Point {
  return [Math.round(lon * 1e8) / 1e8, Math.round(lat * 1e8) / 1e8, Math.round(z * 1000) / 1000];
}

/** Kind of a polygon without semantics, from the way it faces: up is roof, down is ground, else wall. */
export function kindBySlope(normalUp: number): SurfaceKind {
  if (normalUp > 0.17) return 'roof';
  if (normalUp < -0.17) return 'ground';
  return 'wall';
}
