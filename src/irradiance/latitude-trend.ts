/**
 * The latitude trend of the monthly clearness index: per month, K̄T = a + b·u + c·u² with u = |latitude| / 90,
 * fitted by least squares over the climate table's places. The interpolation moves each place's K̄T along
 * the trend to the query's latitude before weighting, so that a query far north of its nearest places
 * (the Faroe Islands, 585 km from any other place) is not given their sunnier southern climate. Chosen by
 * leave-one-out on the places outside Europe (bench/irradiance-accuracy.ts). No Node imports.
 */
import type { ClimatePlace } from './climate-entry.ts';
import { solveAugmented } from './linear-system.ts';

/** Per month, the coefficients a, b, c, and the range of |latitude| they were fitted on (the trend is not extrapolated). */
export interface LatitudeTrend {
  coefficients: readonly (readonly number[])[];
  fittedFrom: number;
  fittedTo: number;
}

const fitted = new WeakMap<readonly ClimatePlace[], LatitudeTrend>();

/** The trend of a set of places, fitted once per set (months without sun left out). */
export function latitudeTrendOf(places: readonly ClimatePlace[]): LatitudeTrend {
  let trend = fitted.get(places);
  if (!trend) {
    trend = fitLatitudeTrend(places);
    fitted.set(places, trend);
  }
  return trend;
}

/** Fits the trend. A month with fewer than three places with sun gets a flat trend (no shift). */
export function fitLatitudeTrend(places: readonly ClimatePlace[]): LatitudeTrend {
  const latitudes = places.map((place) => Math.abs(place.latitude));
  const coefficients = Array.from({ length: 12 }, (_, month) => {
    const normal = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
    const right = [0, 0, 0];
    let count = 0;
    for (const place of places) {
      const kt = place.clearnessIndex[month];
      if (!(kt > 0)) continue;
      count += 1;
      const u = Math.abs(place.latitude) / 90;
      const row = [1, u, u * u];
      for (let i = 0; i < 3; i++) {
        right[i] += row[i] * kt;
        for (let j = 0; j < 3; j++) normal[i][j] += row[i] * row[j];
      }
    }
    const solution = count >= 3 ? solveAugmented(normal.map((row, i) => [...row, right[i]])) : [0, 0, 0];
    return solution.every(Number.isFinite) ? solution : [0, 0, 0];
  });
  return { coefficients, fittedFrom: Math.min(90, ...latitudes), fittedTo: Math.max(0, ...latitudes) };
}

/** K̄T of the trend at a latitude in a month (0-based); beyond the fitted latitudes, its value at the nearest end. */
export function trendAt(trend: LatitudeTrend, latitude: number, month: number): number {
  const u = Math.min(trend.fittedTo, Math.max(trend.fittedFrom, Math.abs(latitude))) / 90;
  const [a, b, c] = trend.coefficients[month];
  return a + b * u + c * u * u;
}
