/** Ground elevation in metres above sea level, from some elevation data. */
export interface TerrainSource {
  /** A short description of the data for the model's metadata. */
  readonly name: string;
  /** Elevation at a point, or undefined where the data has none. */
  elevation(lon: number, lat: number): number | undefined;
  /** Spacing of the data's samples near a point, metres (north–south), when the data has samples. */
  resolutionM?(lon: number, lat: number): number | undefined;
}

/** Flat ground at sea level: terrain switched off, or unavailable. */
export const FLAT_TERRAIN: TerrainSource = { name: 'none (flat ground)', elevation: () => 0 };
