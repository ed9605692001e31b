/**
 * Variants of the latitude trend and of its use, for bench/irradiance-isolation.ts (not shipped): trends
 * of other shapes (polynomial order, months aligned by season in the southern hemisphere, one trend of
 * the yearly clearness, piecewise linear, a maritime/continental covariate), and estimates that use the
 * trend differently (inverse-distance weighting with the shift shrunk, or blended with the raw values,
 * and kriging of the departures from any of these trends).
 */
import type { ClimatePlace } from '../../src/irradiance/climate-entry.ts';
import { nearestPlaces } from '../../src/irradiance/climate-interpolation.ts';
import { type KrigingModel, krigingWeights } from '../../src/irradiance/residual-kriging.ts';
import { AVERAGE_DAY_OF_MONTH, extraterrestrialDaily } from '../../src/irradiance/sun-geometry.ts';
import { solveAugmented } from '../../src/irradiance/linear-system.ts';

export interface TrendShape {
  /** Polynomial order in u = |latitude| / 90. */
  order: number;
  /** A southern place's month m is fitted and read as month m + 6 (seasons, not calendar months). */
  season?: boolean;
  /** One trend of the yearly clearness (extraterrestrial-weighted), the same shift in every month. */
  yearly?: boolean;
  /** Piecewise linear in |latitude| with these knots (degrees) instead of a polynomial. */
  knots?: number[];
  /** A covariate of each place, with the terms c·A + d·A·u (at the query: the neighbours' weighted mean). */
  covariate?: (place: ClimatePlace) => number;
}

export interface VariantTrend {
  at(latitude: number, month: number, covariate?: number): number;
}

/** Yearly clearness: monthly K̄T weighted by the extraterrestrial irradiation. */
export function yearlyClearness(place: ClimatePlace): number {
  let sum = 0;
  let weight = 0;
  for (let m = 0; m < 12; m++) {
    if (!(place.clearnessIndex[m] > 0)) continue;
    const h0 = extraterrestrialDaily(place.latitude, AVERAGE_DAY_OF_MONTH[m]);
    sum += place.clearnessIndex[m] * h0;
    weight += h0;
  }
  return weight > 0 ? sum / weight : 0;
}

const seasonMonth = (latitude: number, month: number, season?: boolean) => (season && latitude < 0 ? (month + 6) % 12 : month);

function features(shape: TrendShape, latitude: number, covariate: number): number[] {
  const deg = Math.abs(latitude);
  const f = shape.knots ? [1, deg / 90, ...shape.knots.map((k) => Math.max(0, deg - k) / 90)] : Array.from({ length: shape.order + 1 }, (_, i) => (deg / 90) ** i);
  if (shape.covariate) f.push(covariate, (covariate * deg) / 90);
  return f;
}

/** Least squares per (season) month; not extrapolated beyond the latitudes each month was fitted on. */
export function fitVariantTrend(places: readonly ClimatePlace[], shape: TrendShape): VariantTrend {
  const covariates = places.map((p) => (shape.covariate ? shape.covariate(p) : 0));
  const yearly = shape.yearly ? places.map(yearlyClearness) : [];
  const fits = Array.from({ length: shape.yearly ? 1 : 12 }, (_, month) => {
    const rows: number[][] = [];
    const values: number[] = [];
    const lats: number[] = [];
    places.forEach((p, i) => {
      const y = shape.yearly ? yearly[i] : p.clearnessIndex[seasonMonth(p.latitude, month, shape.season)];
      if (!(y > 0)) return;
      rows.push(features(shape, p.latitude, covariates[i]));
      values.push(y);
      lats.push(Math.abs(p.latitude));
    });
    const k = features(shape, 0, 0).length;
    const normal = Array.from({ length: k }, () => Array<number>(k).fill(0));
    const right = Array<number>(k).fill(0);
    rows.forEach((r, i) => r.forEach((a, x) => { right[x] += a * values[i]; r.forEach((b, y) => (normal[x][y] += a * b)); }));
    const solution = rows.length > k ? solveAugmented(normal.map((row, i) => [...row, right[i]])) : Array<number>(k).fill(0);
    return { coefficients: solution.every(Number.isFinite) ? solution : Array<number>(k).fill(0), from: Math.min(90, ...lats), to: Math.max(0, ...lats) };
  });
  return {
    at(latitude, month, covariate = 0) {
      const fit = fits[shape.yearly ? 0 : seasonMonth(latitude, month, shape.season)];
      const clamped = Math.min(fit.to, Math.max(fit.from, Math.abs(latitude)));
      return features(shape, clamped, covariate).reduce((s, x, i) => s + x * fit.coefficients[i], 0);
    },
  };
}

type Near = { place: ClimatePlace; km: number };

/**
 * Inverse-distance weighting (8 places, 1 / (km + 25)²) of trend-shifted K̄T; `shrink` scales each place's
 * shift (1: the whole shift); `blend` mixes, per month, the shifted and the raw estimates by the
 * neighbours' spread: weight var(raw) / (var(raw) + var(shifted)) on the shifted one.
 */
export function shiftedIdw(places: readonly ClimatePlace[], latitude: number, longitude: number, trend: VariantTrend, how: { shrink?: (n: Near, latitude: number) => number; blend?: boolean; covariate?: (p: ClimatePlace) => number } = {}): number[] {
  const near = nearestPlaces(places, latitude, longitude, 8);
  const w = near.map(({ km }) => 1 / (km + 25) ** 2);
  const total = w.reduce((a, b) => a + b, 0);
  const queryCovariate = how.covariate ? near.reduce((s, n, i) => s + (w[i] / total) * how.covariate!(n.place), 0) : 0;
  return Array.from({ length: 12 }, (_, m) => {
    const lit = near.map((n, i) => ({ n, w: w[i] })).filter(({ n }) => n.place.clearnessIndex[m] > 0);
    const sum = lit.reduce((a, { w }) => a + w, 0);
    if (!(sum > 0)) return 0;
    const raw = lit.map(({ n }) => n.place.clearnessIndex[m]);
    const shifted = lit.map(({ n }, i) => raw[i] + (how.shrink ? how.shrink(n, latitude) : 1) * (trend.at(latitude, m, queryCovariate) - trend.at(n.place.latitude, m, how.covariate ? how.covariate(n.place) : 0)));
    const mean = (xs: number[]) => xs.reduce((a, x, i) => a + lit[i].w * x, 0) / sum;
    if (!how.blend) return mean(shifted);
    const variance = (xs: number[]) => xs.reduce((a, x, i) => a + lit[i].w * (x - mean(xs)) ** 2, 0) / sum;
    const share = variance(raw) + variance(shifted) > 0 ? variance(raw) / (variance(raw) + variance(shifted)) : 0.5;
    return share * mean(shifted) + (1 - share) * mean(raw);
  });
}

/** Kriging of the departures from any trend (the shipped estimate with the shipped trend, by other means). */
export function krigedWithTrend(places: readonly ClimatePlace[], latitude: number, longitude: number, trend: VariantTrend, model: KrigingModel, neighbours: number): number[] {
  const near = nearestPlaces(places, latitude, longitude, neighbours);
  return Array.from({ length: 12 }, (_, m) => {
    const lit = near.filter(({ place }) => place.clearnessIndex[m] > 0);
    if (lit.length === 0) return 0;
    const weights = krigingWeights(lit.map(({ place, km }) => ({ latitude: place.latitude, longitude: place.longitude, km })), model);
    return trend.at(latitude, m) + lit.reduce((s, { place }, i) => s + weights[i] * (place.clearnessIndex[m] - trend.at(place.latitude, m)), 0);
  });
}
