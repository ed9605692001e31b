/**
 * The monthly clearness index at any point from the climate table's nearest places: the table's latitude
 * trend at the query plus the kriged departures of the places from it (residual-kriging.ts), or
 * inverse-distance weighting of the places' K̄T, each first moved along the latitude trend to the
 * query's latitude (latitude-trend.ts); either way each place's K̄T can also be moved to the query's
 * height. Clearness rises with altitude (less air, less haze above valley inversions), though on this
 * table the height term cross-validates to 0. The parameters were chosen by leave-one-out
 * cross-validation (bench/irradiance-accuracy.ts, bench/irradiance-isolation.ts, figures in
 * bench/RESULTS.md). No Node imports: it runs in the browser.
 */
import type { ClimatePlace } from './climate-entry.ts';
import { greatCircleKm } from './great-circle.ts';
import { latitudeTrendOf, trendAt } from './latitude-trend.ts';
import { type KrigingModel, krigingWeights } from './residual-kriging.ts';

export { greatCircleKm };

/** How the estimate weighs the places; `DEFAULT_INTERPOLATION` is the cross-validated choice. */
export interface InterpolationOptions {
  /** How many of the nearest places take part. */
  neighbours: number;
  /** Weight of a place: 1 / (distance + smoothingKm) ^ power. */
  power: number;
  /** Added to every distance so that a place a few kilometres away does not take all the weight. */
  smoothingKm: number;
  /** Change of K̄T per 1,000 m of height, applied to each place's K̄T for the query's height difference. */
  clearnessPerKm: number;
  /** Whether each place's K̄T is first moved along the places' latitude trend to the query's latitude. */
  latitudeTrend?: boolean;
  /**
   * Kriging of the places' departures from the latitude trend instead of inverse-distance weighting
   * (`power` and `smoothingKm` then play no part; the trend is used whatever `latitudeTrend` says).
   */
  kriging?: KrigingModel;
}

/**
 * The covariance model of the departures from the trend, fitted to the empirical variogram of the places
 * outside Europe (bench/irradiance/variogram.ts): no nugget, range 1,700 km. Ordinary kriging over the
 * nearest 24 places was the best choice there (leave-one-out, bench/irradiance-isolation.ts).
 */
export const FITTED_KRIGING: KrigingModel = { nuggetShare: 0, rangeKm: 1700, ordinary: true };

/** The cross-validated choice; `power` and `smoothingKm` are those of the inverse-distance weighting it replaced. */
export const DEFAULT_INTERPOLATION: InterpolationOptions = { neighbours: 24, power: 2, smoothingKm: 25, clearnessPerKm: 0, latitudeTrend: true, kriging: FITTED_KRIGING };

/** A place that took part in an estimate, with its distance and weight (kriging weights can be negative; simple kriging's add up to less than one). */
export interface Neighbour {
  place: ClimatePlace;
  km: number;
  weight: number;
}

export interface ClearnessEstimate {
  /** K̄T January to December at the query point and height. */
  clearnessIndex: number[];
  /** Nearest first. */
  neighbours: Neighbour[];
}

/**
 * K̄T at a point. Months in which a place has no sun (polar night, K̄T 0) are left to the other places.
 *
 * @param elevationM - the query's height above sea level; unknown (undefined) leaves out the height term
 * @throws RangeError when there is no place to interpolate from
 */
export function interpolateClearness(
  places: readonly ClimatePlace[],
  latitude: number,
  longitude: number,
  elevationM: number | undefined,
  options: InterpolationOptions = DEFAULT_INTERPOLATION,
): ClearnessEstimate {
  if (places.length === 0) throw new RangeError('the climate table has no places to interpolate from');
  const nearest = nearestPlaces(places, latitude, longitude, Math.max(1, options.neighbours));
  if (options.kriging) return krigeClearness(places, nearest, latitude, elevationM, options, options.kriging);
  // A floor of 1 m keeps a query right at a place finite (without smoothing): that place then takes all the weight.
  const raw = nearest.map(({ km }) => 1 / Math.max(km + options.smoothingKm, 0.001) ** options.power);
  const total = raw.reduce((a, b) => a + b, 0);
  const neighbours = nearest.map((entry, i) => ({ ...entry, weight: raw[i] / total }));
  const trend = options.latitudeTrend ? latitudeTrendOf(places) : undefined;
  const clearnessIndex = Array.from({ length: 12 }, (_, month) => {
    let sum = 0;
    let weight = 0;
    for (const { place, weight: w } of neighbours) {
      const kt = place.clearnessIndex[month];
      if (!(kt > 0)) continue;
      const lift = elevationM === undefined ? 0 : (options.clearnessPerKm * (elevationM - place.elevationM)) / 1000;
      const shift = trend ? trendAt(trend, latitude, month) - trendAt(trend, place.latitude, month) : 0;
      sum += w * (kt + lift + shift);
      weight += w;
    }
    return weight > 0 ? Math.min(0.85, Math.max(0.05, sum / weight)) : 0;
  });
  return { clearnessIndex, neighbours };
}

/** The kriging estimate: the trend at the query plus the kriged departures (polar-night months weighed without the dark places). */
function krigeClearness(
  places: readonly ClimatePlace[],
  nearest: { place: ClimatePlace; km: number }[],
  latitude: number,
  elevationM: number | undefined,
  options: InterpolationOptions,
  model: KrigingModel,
): ClearnessEstimate {
  const trend = latitudeTrendOf(places);
  const weightsFor = new Map<string, number[]>();
  const weightsOf = (lit: { place: ClimatePlace; km: number }[]) => {
    const key = lit.map(({ place }) => nearest.findIndex((n) => n.place === place)).join(',');
    let weights = weightsFor.get(key);
    if (!weights) {
      weights = krigingWeights(lit.map(({ place, km }) => ({ latitude: place.latitude, longitude: place.longitude, km })), model);
      weightsFor.set(key, weights);
    }
    return weights;
  };
  const clearnessIndex = Array.from({ length: 12 }, (_, month) => {
    const lit = nearest.filter(({ place }) => place.clearnessIndex[month] > 0);
    if (lit.length === 0) return 0;
    const weights = weightsOf(lit);
    let estimate = trendAt(trend, latitude, month);
    lit.forEach(({ place }, i) => {
      const lift = elevationM === undefined ? 0 : (options.clearnessPerKm * (elevationM - place.elevationM)) / 1000;
      estimate += weights[i] * (place.clearnessIndex[month] + lift - trendAt(trend, place.latitude, month));
    });
    return Math.min(0.85, Math.max(0.05, estimate));
  });
  const all = weightsOf(nearest);
  return { clearnessIndex, neighbours: nearest.map((entry, i) => ({ ...entry, weight: all[i] })) };
}

/** The `count` places nearest to a point, nearest first, with their great-circle distance in km. */
export function nearestPlaces(places: readonly ClimatePlace[], latitude: number, longitude: number, count: number): { place: ClimatePlace; km: number }[] {
  const best: { place: ClimatePlace; km: number }[] = [];
  for (const place of places) {
    const km = greatCircleKm(latitude, longitude, place.latitude, place.longitude);
    if (best.length === count && km >= best[count - 1].km) continue;
    let i = best.length === count ? count - 1 : best.length;
    while (i > 0 && best[i - 1].km > km) {
      best[i] = best[i - 1];
      i--;
    }
    best[i] = { place, km };
  }
  return best;
}
