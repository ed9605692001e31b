/**
 * Kriging of the departures of the places' K̄T from the latitude trend (latitude-trend.ts): the estimate at a
 * point is the trend there plus a weighted sum of the nearest places' departures, the weights solving the
 * kriging system of an exponential covariance model. Unlike inverse-distance weights, they account for
 * places clustered together (five Scottish towns count about as one) and, for simple kriging, for
 * isolation: far from every place the departures fade and the estimate returns to the trend. The model's
 * parameters are fitted to the table's empirical variogram outside Europe (bench/irradiance/variogram.ts,
 * figures in bench/RESULTS.md). No Node imports: it runs in the browser.
 */
import { greatCircleKm } from './great-circle.ts';
import { solveAugmented } from './linear-system.ts';

/** The covariance of the departures between two places `km` apart: (1 − nuggetShare) · exp(−km / rangeKm), 1 at the same place. */
export interface KrigingModel {
  /** The share of a departure's variance that no other place explains (measurement noise, very local climate). */
  nuggetShare: number;
  /** The exponential model’s range (its covariance falls to 1/e of its value at 0+ over this distance). */
  rangeKm: number;
  /** Ordinary kriging (weights add up to one: the local mean departure is unknown) or simple kriging (it is 0, the trend's). */
  ordinary: boolean;
}

/** Where the places are, for the weights. */
export interface KrigingPoint {
  latitude: number;
  longitude: number;
  /** Distance from the query, km. */
  km: number;
}

/**
 * The kriging weights of `points` for the query they are measured from. For simple kriging they add up to
 * less than one, the rest going to the trend.
 */
export function krigingWeights(points: readonly KrigingPoint[], model: KrigingModel): number[] {
  const n = points.length;
  if (n === 0) return [];
  const covariance = (km: number) => (1 - model.nuggetShare) * Math.exp(-km / model.rangeKm);
  const size = model.ordinary ? n + 1 : n;
  const matrix = Array.from({ length: size }, () => new Float64Array(size + 1));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      matrix[i][j] = i === j ? 1 : covariance(greatCircleKm(points[i].latitude, points[i].longitude, points[j].latitude, points[j].longitude));
    }
    matrix[i][size] = covariance(points[i].km);
    if (model.ordinary) {
      matrix[i][n] = 1;
      matrix[n][i] = 1;
    }
  }
  if (model.ordinary) matrix[n][size] = 1;
  const solution = solveAugmented(matrix);
  // Two places at the same point make the system singular: fall back to equal weights rather than fail.
  if (!solution.slice(0, n).every(Number.isFinite)) return points.map(() => (model.ordinary ? 1 / n : 0));
  return solution.slice(0, n);
}
