/**
 * What the browser app uses from the irradiance library: the sun's position and the local fallback.
 * Nothing here (or below it) imports Node modules; a test keeps it so.
 */
export { createSolarPositionCalculator, estimateDeltaT, isSunUp, julianDay, solarPosition, type Observer, type SolarPosition } from './solar-position.ts';
export { FALLBACK_ACCURACY, FALLBACK_SOURCE, fallbackIrradiation } from './local-fallback.ts';
export type { PlaneIrradiation, PlaneQuery } from './irradiance-provider.ts';
