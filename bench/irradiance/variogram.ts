/**
 * The empirical variogram of the places' departures from the latitude trend, and the exponential model
 * fitted to it (the kriging model of src/irradiance/residual-kriging.ts). Departures are standardised per
 * month (divided by that month's spread) and pooled over the twelve months; pairs are binned by distance.
 */
import type { ClimatePlace } from '../../src/irradiance/climate-entry.ts';
import { greatCircleKm } from '../../src/irradiance/climate-interpolation.ts';
import { fitLatitudeTrend, trendAt } from '../../src/irradiance/latitude-trend.ts';

export interface VariogramBin {
  km: number;
  semivariance: number;
  pairs: number;
}

export interface FittedVariogram {
  nugget: number;
  sill: number;
  rangeKm: number;
  bins: VariogramBin[];
}

const RANGES_KM = Array.from({ length: 60 }, (_, i) => (i + 1) * 50);

/**
 * Fits nugget, sill and range by least squares over the bins up to `maxKm`, each bin weighted by its pairs.
 *
 * @param trend - K̄T of the trend at a latitude in a month; the shipped trend fitted on `places` unless given
 */
export function fitVariogram(places: readonly ClimatePlace[], trend?: (latitude: number, month: number) => number, maxKm = 3000, binKm = 100): FittedVariogram {
  const shipped = fitLatitudeTrend(places);
  const trendOf = trend ?? ((latitude: number, month: number) => trendAt(shipped, latitude, month));
  const departures = places.map((p) => p.clearnessIndex.map((kt, m) => (kt > 0 ? kt - trendOf(p.latitude, m) : Number.NaN)));
  const spread = Array.from({ length: 12 }, (_, m) => {
    const values = departures.map((d) => d[m]).filter(Number.isFinite);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    return Math.sqrt(values.reduce((a, x) => a + (x - mean) ** 2, 0) / values.length);
  });
  const z = departures.map((d) => d.map((x, m) => x / spread[m]));
  const count = Math.ceil(maxKm / binKm);
  const sums = Array<number>(count).fill(0);
  const pairs = Array<number>(count).fill(0);
  for (let i = 0; i < places.length; i++) {
    for (let j = i + 1; j < places.length; j++) {
      const km = greatCircleKm(places[i].latitude, places[i].longitude, places[j].latitude, places[j].longitude);
      if (km >= maxKm) continue;
      const bin = Math.floor(km / binKm);
      for (let m = 0; m < 12; m++) {
        const difference = z[i][m] - z[j][m];
        if (!Number.isFinite(difference)) continue;
        sums[bin] += 0.5 * difference * difference;
        pairs[bin] += 1;
      }
    }
  }
  const bins = sums.map((sum, b) => ({ km: (b + 0.5) * binKm, semivariance: pairs[b] > 0 ? sum / pairs[b] : Number.NaN, pairs: pairs[b] }));
  let best = { nugget: 0, sill: 1, rangeKm: 500, error: Number.POSITIVE_INFINITY };
  for (let nugget = 0; nugget <= 1.2; nugget += 0.01) {
    for (let sill = 0.2; sill <= 1.6; sill += 0.01) {
      for (const rangeKm of RANGES_KM) {
        let error = 0;
        for (const bin of bins) if (bin.pairs > 0) error += bin.pairs * (bin.semivariance - (nugget + (sill - nugget) * (1 - Math.exp(-bin.km / rangeKm)))) ** 2;
        if (error < best.error) best = { nugget, sill, rangeKm, error };
      }
    }
  }
  const round = (x: number) => Math.round(x * 100) / 100;
  return { nugget: round(best.nugget), sill: round(best.sill), rangeKm: best.rangeKm, bins };
}
