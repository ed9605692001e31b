/**
 * Leave-one-out of the climate table: each place predicted from the others, itself and every place
 * within `excludeKm` removed, and compared with its own row on a plane.
 */
import type { ClimatePlace } from '../../src/irradiance/climate-entry.ts';
import { greatCircleKm, interpolateClearness, type InterpolationOptions } from '../../src/irradiance/climate-interpolation.ts';
import { monthlyMeanDailyTilted } from '../../src/irradiance/local-fallback.ts';
import { AVERAGE_DAY_OF_MONTH, DAYS_IN_MONTH, extraterrestrialDaily } from '../../src/irradiance/sun-geometry.ts';

export type Plane = 'horizontal' | 'equator-facing 35°';

export interface PlaceOutcome {
  place: ClimatePlace;
  name: string;
  /** Relative error of the yearly and of each month's irradiation on the plane (NaN in a month without sun). */
  yearly: number;
  monthly: number[];
  /** Distance to the nearest place used, km. */
  nearestKm: number;
}

export interface LeaveOneOutOptions {
  excludeKm: number;
  plane: Plane;
  interpolation: InterpolationOptions;
  /** Whether the query knows its height (the viewer does not send one today). */
  withElevation: boolean;
}

/** Monthly irradiation (kWh/m²) on the plane for monthly K̄T. */
export function planeMonthly(latitude: number, clearnessIndex: readonly number[], plane: Plane): number[] {
  if (plane === 'horizontal') return clearnessIndex.map((kt, m) => kt * extraterrestrialDaily(latitude, AVERAGE_DAY_OF_MONTH[m]) * DAYS_IN_MONTH[m]);
  const azimuth = latitude >= 0 ? 180 : 0;
  return clearnessIndex.map((kt, m) => monthlyMeanDailyTilted(latitude, m, kt, 35, azimuth) * DAYS_IN_MONTH[m]);
}

/**
 * @param targets - the places to predict (with names), a subset of `places`
 */
export function leaveOneOut(targets: readonly { place: ClimatePlace; name: string }[], places: readonly ClimatePlace[], options: LeaveOneOutOptions): PlaceOutcome[] {
  return targets.flatMap(({ place, name }) => {
    // A fresh array per place: the latitude trend, when used, is fitted without the place and its surroundings.
    const others = places.filter((other) => greatCircleKm(place.latitude, place.longitude, other.latitude, other.longitude) > options.excludeKm);
    const estimate = interpolateClearness(others, place.latitude, place.longitude, options.withElevation ? place.elevationM : undefined, options.interpolation);
    const own = planeMonthly(place.latitude, place.clearnessIndex, options.plane);
    const predicted = planeMonthly(place.latitude, estimate.clearnessIndex, options.plane);
    const ownYear = own.reduce((a, b) => a + b, 0);
    if (!(ownYear > 0)) return [];
    return [{ place, name, yearly: predicted.reduce((a, b) => a + b, 0) / ownYear - 1, monthly: own.map((value, m) => (value > 0 ? predicted[m] / value - 1 : NaN)), nearestKm: estimate.neighbours[0].km }];
  });
}

export interface ErrorSummary {
  count: number;
  meanAbsolute: number;
  bias: number;
  p90: number;
  worst: number;
  within7: number;
  within15: number;
}

/** Summary of relative errors (NaN ignored), in fractions. */
export function summarise(errors: readonly number[]): ErrorSummary {
  const finite = errors.filter(Number.isFinite);
  const absolute = finite.map(Math.abs).sort((a, b) => a - b);
  return {
    count: finite.length,
    meanAbsolute: absolute.reduce((a, b) => a + b, 0) / absolute.length,
    bias: finite.reduce((a, b) => a + b, 0) / finite.length,
    p90: absolute[Math.min(absolute.length - 1, Math.floor(absolute.length * 0.9))],
    worst: absolute.at(-1)!,
    within7: absolute.filter((e) => e <= 0.07).length,
    within15: absolute.filter((e) => e <= 0.15).length,
  };
}
