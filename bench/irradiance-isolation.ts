/**
 * The fallback's isolated places (issue 18: the worst European place within 15 %): the variogram behind
 * the kriging, Reykjavík and the Faroe Islands month by month, and every variant tried, each by the
 * bench's protocol: leave-one-out with a 50 km exclusion, chosen on the places outside Europe, then
 * reported for Europe.
 *
 *   node bench/irradiance-isolation.ts
 */
import type { ClimatePlace } from '../src/irradiance/climate-entry.ts';
import { SUNSHINE_PROVENANCE } from '../src/irradiance/clearness-index-table.ts';
import { DEFAULT_INTERPOLATION, FITTED_KRIGING, greatCircleKm, interpolateClearness, type InterpolationOptions } from '../src/irradiance/climate-interpolation.ts';
import { climatePlaces, shippedClimateTable } from '../src/irradiance/climate-places.ts';
import { fitLatitudeTrend, trendAt } from '../src/irradiance/latitude-trend.ts';
import { planeMonthly, type Plane, summarise } from './irradiance/leave-one-out.ts';
import { fitVariantTrend, krigedWithTrend, shiftedIdw, type TrendShape, type VariantTrend } from './irradiance/trend-variants.ts';
import { fitVariogram } from './irradiance/variogram.ts';

type Estimator = (others: readonly ClimatePlace[], latitude: number, longitude: number) => number[];
const table = shippedClimateTable();
const places = climatePlaces(table);
const inEurope = (p: { latitude: number; longitude: number }) => p.latitude >= 34 && p.latitude <= 72 && p.longitude >= -25 && p.longitude <= 45;
const named = places.slice(table.pvgis.length).map((place, i) => ({ place, name: SUNSHINE_PROVENANCE[i][0].split(',')[0] }));
const european = named.filter(({ place }) => inEurope(place));
const outside = named.filter(({ place }) => !inEurope(place));
const IDW_BEFORE: InterpolationOptions = { neighbours: 8, power: 2, smoothingKm: 25, clearnessPerKm: 0, latitudeTrend: true };
const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits)} %`;
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)} %`;

function leaveOneOut(targets: typeof named, estimate: Estimator, plane: Plane) {
  return targets.flatMap(({ place, name }) => {
    const others = places.filter((o) => greatCircleKm(place.latitude, place.longitude, o.latitude, o.longitude) > 50);
    const kt = estimate(others, place.latitude, place.longitude).map((k, m) => (place.clearnessIndex[m] > 0 ? Math.min(0.85, Math.max(0.05, k)) : 0));
    const own = planeMonthly(place.latitude, place.clearnessIndex, plane);
    const predicted = planeMonthly(place.latitude, kt, plane);
    const ownYear = own.reduce((a, b) => a + b, 0);
    return ownYear > 0 ? [{ name, place, yearly: predicted.reduce((a, b) => a + b, 0) / ownYear - 1 }] : [];
  });
}

// 1. The variogram, fitted on the places outside Europe only.
const outsidePlaces = places.filter((p) => !inEurope(p));
const variogram = fitVariogram(outsidePlaces);
console.log(`## Variogram of the departures from the latitude trend (standardised per month), ${outsidePlaces.length} places outside Europe\n`);
console.log(`Fitted exponential model: nugget ${variogram.nugget}, sill ${variogram.sill}, range ${variogram.rangeKm} km (shipped: nugget share ${FITTED_KRIGING.nuggetShare}, range ${FITTED_KRIGING.rangeKm} km)\n`);
console.log('| km | ' + variogram.bins.filter((_, i) => i % 3 === 0).map((b) => b.km).join(' | ') + ' |');
console.log('|---|' + '---:|'.repeat(variogram.bins.filter((_, i) => i % 3 === 0).length));
console.log('| semivariance | ' + variogram.bins.filter((_, i) => i % 3 === 0).map((b) => b.semivariance.toFixed(2)).join(' | ') + ' |');

// 2. Reykjavík and the Faroe Islands month by month (35° plane): before (inverse-distance weighting with the trend), without the trend, shipped.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
for (const who of ['Reykjavík', 'Faroe Islands']) {
  const { place } = european.find((p) => p.name === who)!;
  const others = places.filter((o) => greatCircleKm(place.latitude, place.longitude, o.latitude, o.longitude) > 50);
  const trend = fitLatitudeTrend(others);
  const own = planeMonthly(place.latitude, place.clearnessIndex, 'equator-facing 35°');
  const year = own.reduce((a, b) => a + b, 0);
  const rows: [string, InterpolationOptions][] = [['before (trend, inverse distance)', IDW_BEFORE], ['no trend (inverse distance)', { ...IDW_BEFORE, latitudeTrend: false }], ['shipped (kriging)', DEFAULT_INTERPOLATION]];
  console.log(`\n## ${who} (${place.latitude} N), 35° plane: each month's share of the yearly error, and K̄T\n`);
  console.log(`| | ${MONTHS.join(' | ')} | year |`);
  console.log(`|---|${'---:|'.repeat(13)}`);
  console.log(`| own K̄T | ${place.clearnessIndex.map((k) => k.toFixed(3)).join(' | ')} | |`);
  console.log(`| trend at ${place.latitude} N | ${MONTHS.map((_, m) => trendAt(trend, place.latitude, m).toFixed(3)).join(' | ')} | |`);
  for (const [label, options] of rows) {
    const estimate = interpolateClearness(others, place.latitude, place.longitude, undefined, options);
    const predicted = planeMonthly(place.latitude, estimate.clearnessIndex, 'equator-facing 35°');
    console.log(`| ${label}: K̄T | ${estimate.clearnessIndex.map((k) => k.toFixed(3)).join(' | ')} | |`);
    console.log(`| ${label}: error share | ${predicted.map((p, m) => signed((p - own[m]) / year)).join(' | ')} | ${signed(predicted.reduce((a, b) => a + b, 0) / year - 1)} |`);
  }
  const near = interpolateClearness(others, place.latitude, place.longitude, undefined, DEFAULT_INTERPOLATION).neighbours.slice(0, 8);
  console.log(`\nThe nearest 8 of the 24 places used (shipped kriging weight): ${near.map((n) => `${named.find((p) => p.place === n.place)?.name ?? 'PVGIS row'} ${n.km.toFixed(0)} km ${n.weight.toFixed(2)}`).join('; ')}`);
}

// 3. The variants.
const cached = (shape: TrendShape) => {
  const fits = new WeakMap<readonly ClimatePlace[], VariantTrend>();
  return (others: readonly ClimatePlace[]) => fits.get(others) ?? fits.set(others, fitVariantTrend(others, shape)).get(others)!;
};
const idwOf = (shape: TrendShape, how: Parameters<typeof shiftedIdw>[4] = {}): Estimator => {
  const trend = cached(shape);
  return (others, lat, lon) => shiftedIdw(others, lat, lon, trend(others), { ...how, covariate: shape.covariate });
};
const amplitude = (p: ClimatePlace) => {
  const kt = (m: number) => p.clearnessIndex[p.latitude < 0 ? (m + 6) % 12 : m];
  const mean = (ms: number[]) => ms.reduce((a, m) => a + kt(m), 0) / ms.length;
  return mean([5, 6, 7]) - ([0, 1, 11].every((m) => kt(m) > 0) ? mean([0, 1, 11]) : mean([2, 9, 10]));
};
const shipped = (options: InterpolationOptions): Estimator => (others, lat, lon) => interpolateClearness(others, lat, lon, undefined, options).clearnessIndex;
const krigedVariant = (shape: TrendShape, ordinary: boolean, neighbours: number): Estimator => {
  const whole = fitVariantTrend(outsidePlaces, shape);
  const v = fitVariogram(outsidePlaces, (lat, m) => whole.at(lat, m));
  const trend = cached(shape);
  return (others, lat, lon) => krigedWithTrend(others, lat, lon, trend(others), { nuggetShare: v.nugget / v.sill, rangeKm: v.rangeKm, ordinary }, neighbours);
};
const quadratic: TrendShape = { order: 2 };
const cubicSeason: TrendShape = { order: 3, season: true };
const variants: [string, Estimator][] = [
  ['inverse distance, no trend', shipped({ ...IDW_BEFORE, latitudeTrend: false })],
  ['inverse distance, quadratic trend (before)', shipped(IDW_BEFORE)],
  ['… linear trend', idwOf({ order: 1 })],
  ['… cubic trend', idwOf({ order: 3 })],
  ['… quadratic trend, months by season', idwOf({ order: 2, season: true })],
  ['… cubic trend, months by season', idwOf(cubicSeason)],
  ['… quadratic trend of the yearly clearness', idwOf({ order: 2, yearly: true })],
  ['… cubic trend of the yearly clearness', idwOf({ order: 3, yearly: true })],
  ['… piecewise linear trend (knots 20, 40, 55°), by season', idwOf({ order: 1, knots: [20, 40, 55], season: true })],
  ['… piecewise linear trend (knots 15, 30, 45, 60°), by season', idwOf({ order: 1, knots: [15, 30, 45, 60], season: true })],
  ['… quadratic trend × seasonal amplitude of K̄T', idwOf({ order: 2, covariate: amplitude })],
  ['… cubic trend by season × seasonal amplitude', idwOf({ order: 3, season: true, covariate: amplitude })],
  ['… quadratic, shift × 1/(1 + (Δlat/6°)²)', idwOf(quadratic, { shrink: (n, lat) => 1 / (1 + ((lat - n.place.latitude) / 6) ** 2) })],
  ['… quadratic, shift × 1/(1 + (Δlat/10°)²)', idwOf(quadratic, { shrink: (n, lat) => 1 / (1 + ((lat - n.place.latitude) / 10) ** 2) })],
  ['… quadratic, shift × 1/(1 + (km/1000)²)', idwOf(quadratic, { shrink: (n) => 1 / (1 + (n.km / 1000) ** 2) })],
  ['… quadratic, shift × 1/(1 + (km/2000)²)', idwOf(quadratic, { shrink: (n) => 1 / (1 + (n.km / 2000) ** 2) })],
  ['… quadratic, shifted and raw blended by the neighbours’ spread', idwOf(quadratic, { blend: true })],
  ...([[false, 8], [false, 16], [false, 24], [true, 8], [true, 16], [true, 24], [true, 32]] as [boolean, number][]).map(
    ([ordinary, neighbours]) => [`kriging, quadratic trend, ${ordinary ? 'ordinary' : 'simple'}, ${neighbours} places${ordinary && neighbours === 24 ? ' (shipped)' : ''}`, shipped({ ...DEFAULT_INTERPOLATION, neighbours, kriging: { ...FITTED_KRIGING, ordinary } })] as [string, Estimator],
  ),
  ['kriging, cubic trend by season, ordinary, 24 places', krigedVariant(cubicSeason, true, 24)],
  ['kriging, cubic trend by season, simple, 16 places', krigedVariant(cubicSeason, false, 16)],
];
console.log(`\n## Variants: leave-one-out (50 km), ${outside.length} places outside Europe (where the choice is made; "≥ 50°": the ${outside.filter(({ place }) => Math.abs(place.latitude) >= 50).length} of them at 50° or more) and ${european.length} in Europe\n`);
console.log('| variant | outside: horizontal | outside: 35° | outside: beyond 15 % | outside: worst | outside ≥ 50°: 35° | Europe: 35° | Europe: worst | Europe: within 15 % | Reykjavík | Faroe Islands |');
console.log('|---|---:|---:|---:|---|---:|---:|---|---:|---:|---:|');
for (const [label, estimate] of variants) {
  const [oh, o35, e35] = [leaveOneOut(outside, estimate, 'horizontal'), leaveOneOut(outside, estimate, 'equator-facing 35°'), leaveOneOut(european, estimate, 'equator-facing 35°')];
  const s = (xs: typeof oh) => summarise(xs.map((o) => o.yearly));
  const worst = (xs: typeof oh) => xs.reduce((a, b) => (Math.abs(b.yearly) > Math.abs(a.yearly) ? b : a));
  const high = s(o35.filter((o) => Math.abs(o.place.latitude) >= 50));
  const [so, se] = [s(o35), s(e35)];
  const at = (name: string) => signed(e35.find((o) => o.name === name)!.yearly);
  console.log(`| ${label} | ${pct(s(oh).meanAbsolute, 2)} | ${pct(so.meanAbsolute, 2)} | ${so.count - so.within15} | ${worst(o35).name} ${signed(worst(o35).yearly)} | ${pct(high.meanAbsolute, 2)} | ${pct(se.meanAbsolute, 2)} | ${worst(e35).name} ${signed(worst(e35).yearly)} | ${se.within15}/${se.count} | ${at('Reykjavík')} | ${at('Faroe Islands')} |`);
}
