/**
 * The local fallback used when the irradiance service cannot be reached: a monthly-mean model of
 * in-plane irradiation from the literature (Duffie & Beckman 2013, ch. 2):
 * extraterrestrial irradiation of each month's average day, a monthly clearness index interpolated
 * between the places of a climate table (`climate-interpolation.ts`, `climate-places.ts`), the Erbs et
 * al. (1982) monthly diffuse fraction, the beam tilt factor integrated over the day for any azimuth, the
 * HDKR sky model (Hay & Davies 1980, Klucher 1979, Reindl et al. 1990) and ground reflection with albedo
 * 0.2. No Node imports: it runs in the browser.
 */
import type { ClimatePlace } from './climate-entry.ts';
import { DEFAULT_INTERPOLATION, interpolateClearness, type InterpolationOptions } from './climate-interpolation.ts';
import { shippedClimatePlaces } from './climate-places.ts';
import type { PlaneIrradiation, PlaneQuery } from './irradiance-provider.ts';
import { AVERAGE_DAY_OF_MONTH, DAYS_IN_MONTH, declination, extraterrestrialDaily, sunsetHourAngle } from './sun-geometry.ts';

const DEG = Math.PI / 180;
/** Ground reflectance for a typical mix of surfaces. */
export const ALBEDO = 0.2;
/** The `source` of results the fallback computed. */
export const FALLBACK_SOURCE = 'local-fallback (monthly clearness index, Erbs diffuse, HDKR sky)';
/**
 * How far the fallback's yearly figures typically are from PVGIS, for the people who see them: the
 * leave-one-out figures of bench/irradiance-accuracy.ts (bench/RESULTS.md); update them with the table.
 */
export const FALLBACK_ACCURACY = 'typically within about 5 % of PVGIS over a year, up to 15 % at a few remote coastal places and more in single winter months';

/**
 * Monthly-average diffuse fraction H̄d/H̄ of Erbs, Klein & Duffie (1982) for a clearness index K̄T and
 * the sunset hour angle of the average day (two correlations, split at 81.4°); K̄T is clamped to the
 * correlation's range 0.3–0.8.
 */
export function erbsMonthlyDiffuseFraction(clearnessIndex: number, sunsetHourAngleDeg: number): number {
  const k = Math.max(0.3, Math.min(0.8, clearnessIndex));
  return sunsetHourAngleDeg <= 81.4
    ? 1.391 - 3.56 * k + 4.189 * k ** 2 - 2.137 * k ** 3
    : 1.311 - 3.022 * k + 3.427 * k ** 2 - 1.821 * k ** 3;
}

/**
 * Ratio of daily beam irradiation on the tilted plane to that on the horizontal (R̄b) for the average
 * day, for any azimuth: extraterrestrial beam integrated over the hours when the sun is up and in front
 * of the plane (Duffie & Beckman eq. 1.6.2 for the incidence angle).
 *
 * @param azimuthDeg - 0 = north, 90 = east, 180 = south (SPEC.md)
 */
export function beamTiltFactor(latitudeDeg: number, declinationDeg: number, tiltDeg: number, azimuthDeg: number): number {
  const phi = latitudeDeg * DEG;
  const delta = declinationDeg * DEG;
  const beta = tiltDeg * DEG;
  const gamma = (azimuthDeg - 180) * DEG; // Duffie & Beckman: 0 = south, west positive
  let onPlane = 0;
  let onHorizontal = 0;
  for (let omegaDeg = -179.75; omegaDeg < 180; omegaDeg += 0.5) {
    const omega = omegaDeg * DEG;
    const cosZenith = Math.sin(phi) * Math.sin(delta) + Math.cos(phi) * Math.cos(delta) * Math.cos(omega);
    if (cosZenith <= 0) continue;
    const cosIncidence =
      Math.sin(delta) * Math.sin(phi) * Math.cos(beta) -
      Math.sin(delta) * Math.cos(phi) * Math.sin(beta) * Math.cos(gamma) +
      Math.cos(delta) * Math.cos(phi) * Math.cos(beta) * Math.cos(omega) +
      Math.cos(delta) * Math.sin(phi) * Math.sin(beta) * Math.cos(gamma) * Math.cos(omega) +
      Math.cos(delta) * Math.sin(beta) * Math.sin(gamma) * Math.sin(omega);
    onHorizontal += cosZenith;
    onPlane += Math.max(0, cosIncidence);
  }
  return onHorizontal > 0 ? onPlane / onHorizontal : 0;
}

/** Daily in-plane irradiation (kWh/m²) of one month's average day, by the HDKR model. */
export function monthlyMeanDailyTilted(latitudeDeg: number, month: number, clearnessIndex: number, tiltDeg: number, azimuthDeg: number): number {
  const n = AVERAGE_DAY_OF_MONTH[month];
  const delta = declination(n);
  const h0 = extraterrestrialDaily(latitudeDeg, n);
  if (h0 <= 0) return 0;
  const global = clearnessIndex * h0;
  const diffuse = global * erbsMonthlyDiffuseFraction(clearnessIndex, sunsetHourAngle(latitudeDeg, delta));
  const beam = global - diffuse;
  const rb = beamTiltFactor(latitudeDeg, delta, tiltDeg, azimuthDeg);
  const anisotropy = beam / h0;
  const horizonBrightening = 1 + Math.sqrt(beam / global) * Math.sin((tiltDeg * DEG) / 2) ** 3;
  const beta = tiltDeg * DEG;
  return (
    beam * rb +
    diffuse * ((1 - anisotropy) * ((1 + Math.cos(beta)) / 2) * horizonBrightening + anisotropy * rb) +
    global * ALBEDO * ((1 - Math.cos(beta)) / 2)
  );
}

/**
 * In-plane irradiation of a plane (same shape as the irradiance service's answer). The query's
 * `elevationM`, when known, corrects the places' clearness for the height difference.
 */
export function fallbackIrradiation(
  query: PlaneQuery,
  places: readonly ClimatePlace[] = shippedClimatePlaces(),
  options: InterpolationOptions = DEFAULT_INTERPOLATION,
): PlaneIrradiation {
  const { clearnessIndex } = interpolateClearness(places, query.latitude, query.longitude, query.elevationM, options);
  const monthlyGti = clearnessIndex.map((kt, month) => round(monthlyMeanDailyTilted(query.latitude, month, kt, query.tiltDeg, query.azimuthDeg) * DAYS_IN_MONTH[month], 2));
  return { annualGti: round(monthlyGti.reduce((a, b) => a + b, 0), 2), monthlyGti, source: FALLBACK_SOURCE };
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
