import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ClimatePlace } from '../../src/irradiance/climate-entry.ts';
import { FITTED_KRIGING, greatCircleKm, interpolateClearness } from '../../src/irradiance/climate-interpolation.ts';
import { fitLatitudeTrend, trendAt } from '../../src/irradiance/latitude-trend.ts';
import { krigingWeights, type KrigingModel } from '../../src/irradiance/residual-kriging.ts';

const model = (ordinary: boolean, rangeKm = 500, nuggetShare = 0): KrigingModel => ({ nuggetShare, rangeKm, ordinary });
const point = (latitude: number, longitude: number, from: [number, number]) => ({ latitude, longitude, km: greatCircleKm(latitude, longitude, ...from) });
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

test('ordinary kriging weights add up to one; simple kriging gives less the further the places are', () => {
  const at = (lat: number) => [point(lat, 0, [0, 0]), point(lat, 1, [0, 0]), point(-lat, 0.5, [0, 0])];
  assert.ok(Math.abs(sum(krigingWeights(at(1), model(true))) - 1) < 1e-9);
  const near = sum(krigingWeights(at(1), model(false)));
  const far = sum(krigingWeights(at(20), model(false)));
  assert.ok(near > 0.8 && near < 1, `near: ${near}`);
  assert.ok(far < 0.05, `2,200 km away with a 500 km range, the departures fade: ${far}`);
});

test('a cluster of places counts about as one: it gets no more weight than a single place as far away', () => {
  // Three places within 2 km of each other west of the query, one place as far east.
  const query: [number, number] = [0, 0];
  const points = [point(0, -1, query), point(0.01, -1.01, query), point(-0.01, -1.01, query), point(0, 1, query)];
  const weights = krigingWeights(points, model(true));
  const cluster = weights[0] + weights[1] + weights[2];
  assert.ok(Math.abs(cluster - weights[3]) < 0.05, `cluster ${cluster} against the single place ${weights[3]}`);
  // Inverse-distance weights would give the cluster three times the single place's.
});

test('with no nugget, a query at a place gets that place exactly; places at one point do not break the system', () => {
  const weights = krigingWeights([point(0, 0, [0, 0]), point(0, 2, [0, 0])], model(false));
  assert.ok(Math.abs(weights[0] - 1) < 1e-9 && Math.abs(weights[1]) < 1e-9, `${weights}`);
  const twins = krigingWeights([point(1, 0, [0, 0]), point(1, 0, [0, 0])], model(true));
  assert.ok(twins.every(Number.isFinite) && Math.abs(sum(twins) - 1) < 1e-9, `${twins}`);
  assert.deepEqual(krigingWeights([], model(true)), []);
});

test('far from every place, simple kriging returns to the latitude trend; near one, it follows that place', () => {
  // Places on a clear latitude trend, one of them 0.1 duller than the trend; the query at its latitude, 2,700 km from it
  // and further from the others (inverse-distance weighting would give the dull place half the weight).
  const place = (latitude: number, longitude: number, kt: number): ClimatePlace => ({ latitude, longitude, elevationM: 0, clearnessIndex: Array(12).fill(kt) });
  const places = [...[10, 20, 30, 40, 50, 60].flatMap((lat) => [0, 40, 80].map((lon) => place(lat, lon, 0.7 - 0.005 * lat))), place(45, 140, 0.7 - 0.005 * 45 - 0.1)];
  const trend = fitLatitudeTrend(places);
  const options = { neighbours: 8, power: 2, smoothingKm: 25, clearnessPerKm: 0, kriging: { ...FITTED_KRIGING, ordinary: false, rangeKm: 300 } };
  const far = interpolateClearness(places, 45, 175, undefined, options).clearnessIndex[5];
  assert.ok(Math.abs(far - trendAt(trend, 45, 5)) < 0.005, `far away: ${far} against the trend's ${trendAt(trend, 45, 5)}`);
  const near = interpolateClearness(places, 45, 140.2, undefined, options).clearnessIndex[5];
  assert.ok(Math.abs(near - (0.7 - 0.005 * 45 - 0.1)) < 0.01, `15 km from the dull place: ${near}`);
});
