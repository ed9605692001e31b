import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ClimatePlace } from '../../src/irradiance/climate-entry.ts';
import { DEFAULT_INTERPOLATION, greatCircleKm, interpolateClearness, nearestPlaces } from '../../src/irradiance/climate-interpolation.ts';
import { fitLatitudeTrend, trendAt } from '../../src/irradiance/latitude-trend.ts';

const place = (latitude: number, longitude: number, kt: number | number[], elevationM = 0): ClimatePlace => ({
  latitude,
  longitude,
  elevationM,
  clearnessIndex: Array.isArray(kt) ? kt : Array(12).fill(kt),
});
const plain = { neighbours: 4, power: 2, smoothingKm: 0, clearnessPerKm: 0 };
const close = (actual: number, expected: number, what: string) => assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} vs ${expected}`);

test('a query right at a place gets that place’s clearness, even without smoothing', () => {
  const places = [place(48, 11, 0.4), place(48.5, 11, 0.6)];
  const { clearnessIndex, neighbours } = interpolateClearness(places, 48, 11, undefined, plain);
  clearnessIndex.forEach((kt) => assert.ok(Math.abs(kt - 0.4) < 1e-6 && Number.isFinite(kt), `${kt}`));
  assert.equal(neighbours[0].km, 0);
});

test('midway between two places the estimate is their mean; nearer places weigh more', () => {
  const places = [place(0, 10, 0.4), place(0, 12, 0.6)];
  close(interpolateClearness(places, 0, 11, undefined, plain).clearnessIndex[0], 0.5, 'midway');
  const nearer = interpolateClearness(places, 0, 10.5, undefined, plain).clearnessIndex[0];
  close(nearer, (0.4 / 1 + 0.6 / 9) / (1 + 1 / 9), 'a quarter of the way, weights 1/d²');
  const smoothed = interpolateClearness(places, 0, 10.5, undefined, { ...plain, smoothingKm: 1000 }).clearnessIndex[0];
  assert.ok(smoothed > nearer && smoothed < 0.5, `smoothing evens the weights: ${smoothed}`);
});

test('only the nearest few places take part, however extreme a far one is', () => {
  const places = [place(50, 0, 0.5), place(50.2, 0, 0.5), place(50.4, 0, 0.5), place(-30, 0, 0.8)];
  const { clearnessIndex, neighbours } = interpolateClearness(places, 50.1, 0, undefined, { ...plain, neighbours: 3 });
  close(clearnessIndex[6], 0.5, 'the far place is left out');
  assert.deepEqual(neighbours.map((n) => n.place.latitude), [50, 50.2, 50.4]);
  close(neighbours.reduce((s, n) => s + n.weight, 0), 1, 'weights add up to one');
});

test('a month in which a place has no sun is left to the others, not averaged in as darkness', () => {
  const polar = place(70, 20, [0, 0.3, 0.4, 0.5, 0.5, 0.5, 0.5, 0.5, 0.4, 0.3, 0.3, 0]);
  const south = place(68, 20, [0.2, 0.3, 0.4, 0.5, 0.5, 0.5, 0.5, 0.5, 0.4, 0.3, 0.3, 0.2]);
  const { clearnessIndex } = interpolateClearness([polar, south], 69.5, 20, undefined, plain);
  close(clearnessIndex[0], 0.2, 'January from the place that has sun');
  close(clearnessIndex[5], 0.5, 'June from both');
  const dark = interpolateClearness([polar], 69.5, 20, undefined, plain).clearnessIndex;
  assert.equal(dark[11], 0, 'no place with sun: no sun');
});

test('the elevation term moves each place’s clearness to the query’s height; an unknown height leaves it out', () => {
  const places = [place(47, 11, 0.5, 500), place(47, 11.5, 0.5, 1500)];
  const options = { ...plain, clearnessPerKm: 0.04 };
  const at = (elevation: number | undefined) => interpolateClearness(places, 47, 11.25, elevation, options).clearnessIndex[3];
  close(at(2000), 0.5 + (0.04 * (1500 + 500)) / 1000 / 2, '2000 m: both places lifted');
  close(at(1000), 0.5, 'between the two heights, the lifts cancel');
  close(at(undefined), 0.5, 'unknown height');
  assert.ok(at(4000) <= 0.85, 'clamped to a plausible clearness');
});

test('distances are great-circle: across the antimeridian and near the pole', () => {
  assert.ok(Math.abs(greatCircleKm(0, 179.9, 0, -179.9) - 22.24) < 0.05);
  assert.ok(Math.abs(greatCircleKm(89.9, 0, 89.9, 180) - 22.24) < 0.05);
  const places = [place(0, -179.9, 0.7), place(0, 170, 0.3)];
  assert.equal(nearestPlaces(places, 0, 179.9, 1)[0].place.clearnessIndex[0], 0.7);
});

test('nearestPlaces returns the nearest first, no more than there are', () => {
  const places = [3, 1, 4, 1.5, 9, 2.6].map((lat) => place(lat, 0, 0.5));
  assert.deepEqual(nearestPlaces(places, 0, 0, 4).map((n) => n.place.latitude), [1, 1.5, 2.6, 3]);
  assert.equal(nearestPlaces(places.slice(0, 2), 0, 0, 8).length, 2);
  assert.throws(() => interpolateClearness([], 0, 0, undefined), /no places/);
  assert.ok(DEFAULT_INTERPOLATION.neighbours >= 1);
});

test('the latitude trend moves each place to the query’s latitude: a query north of its places gets a duller sky', () => {
  // Clearness falling by 0.01 a degree northwards, as across northern Europe; the query lies 8° north of its
  // nearest places (the one place further north is far to the east).
  const grid = [...[40, 44, 48, 52].flatMap((lat) => [0, 5].map((lon) => place(lat, lon, 0.9 - 0.01 * lat))), place(64, 60, 0.9 - 0.64)];
  const query = (latitudeTrend: boolean) => interpolateClearness(grid, 60, 2.5, undefined, { ...plain, latitudeTrend }).clearnessIndex[6];
  assert.ok(query(false) > 0.9 - 0.01 * 52 - 1e-9, `without the trend, no duller than the nearest places: ${query(false)}`);
  close(query(true), 0.9 - 0.01 * 60, 'with the trend, the gradient is followed beyond the nearest places');
  close(interpolateClearness(grid, 52, 0, undefined, { ...plain, latitudeTrend: true }).clearnessIndex[0], 0.9 - 0.52, 'at a place: its own clearness');
});

test('the latitude trend is not extrapolated beyond the latitudes it was fitted on', () => {
  const trend = fitLatitudeTrend([30, 40, 50, 60].map((lat) => place(lat, 0, 0.9 - 0.01 * lat)));
  close(trendAt(trend, 50, 0), 0.4, 'inside');
  close(trendAt(trend, -50, 0), 0.4, 'the southern hemisphere mirrors the northern');
  close(trendAt(trend, 89, 0), trendAt(trend, 60, 0), 'north of the places: the value at the northernmost');
  close(trendAt(trend, 0, 0), trendAt(trend, 30, 0), 'south of the places: the value at the southernmost');
});
