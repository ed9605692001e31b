/** An orientation at a location: SPEC.md's conventions (azimuth 0 = north, 180 = south). */
export interface PlaneQuery {
  latitude: number;
  longitude: number;
  tiltDeg: number;
  azimuthDeg: number;
  /** Height above sea level in metres, when the caller knows it (only the local fallback uses it). */
  elevationM?: number;
}

/** Global tilted irradiation on that plane: the yearly total and 12 monthly totals (January first), kWh/m². */
export interface PlaneIrradiation {
  annualGti: number;
  monthlyGti: number[];
  /** Fixed identifier of the data service that answered. */
  source: string;
}

/** Where `POST /api/solar/calculate` gets its irradiance from. */
export interface IrradianceProvider {
  irradiation(query: PlaneQuery): Promise<PlaneIrradiation>;
}

/** The data service cannot be reached or answered with a server error: the caller should use a fallback. */
export class IrradianceUnavailableError extends Error {}

/** The data service refused the point itself (e.g. "Location over the sea"); the reason is meant for the caller. */
export class IrradianceRejectedError extends Error {}
