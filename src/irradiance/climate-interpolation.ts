/**
 * The monthly clearness index at any point from the climate table's places: inverse-distance weighting
 * over the nearest few places, each place's K̄T first moved along the table's latitude trend to the
 * query's latitude (latitude-trend.ts) and to the query's height. Clearness rises with
 * altitude (less air, less haze above valley inversions), which a nearest-place estimate misses most in
 * Alpine and upland places. The parameters were chosen by leave-one-out cross-validation
 * (bench/irradiance-accuracy.ts, figures in bench/RESULTS.md). No Node imports: it runs in the browser.
 */
import type { ClimatePlace } from './climate-entry.ts';
import { latitudeTrendOf, trendAt } from './latitude-trend.ts';

const DEG = Math.PI / 180;
const EARTH_RADIUS_KM = 6371;

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
}

export const DEFAULT_INTERPOLATION: InterpolationOptions = { neighbours: 8, power: 2, smoothingKm: 25, clearnessPerKm: 0, latitudeTrend: true };

/** A place that took part in an estimate, with its distance and share of the weight. */
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

/** Great-circle distance in kilometres (haversine). */
export function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a = Math.sin(((lat2 - lat1) * DEG) / 2) ** 2 + Math.cos(lat1 * DEG) * Math.cos(lat2 * DEG) * Math.sin(((lon2 - lon1) * DEG) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}
