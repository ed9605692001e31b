/**
 * What the browser app uses from the irradiance library: the sun's position and the local fallback.
 * Nothing here (or below it) imports Node modules; a test keeps it so.
 */
export { createSolarPositionCalculator, estimateDeltaT, isSunUp, julianDay, solarPosition, type Observer, type SolarPosition } from './solar-position.ts';
export { erbsMonthlyDiffuseFraction, FALLBACK_ACCURACY, FALLBACK_SOURCE, fallbackIrradiation, monthlyMeanDailyTilted } from './local-fallback.ts';
/** The fallback's parts, for surfaces of every orientation at once (the viewer's sunlight heatmap). */
export { interpolateClearness } from './climate-interpolation.ts';
export { shippedClimatePlaces } from './climate-places.ts';
export { AVERAGE_DAY_OF_MONTH, DAYS_IN_MONTH, declination, sunsetHourAngle } from './sun-geometry.ts';
export type { PlaneIrradiation, PlaneQuery } from './irradiance-provider.ts';
