import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countGridPlaces, gridPlaces, KM_PER_DEGREE, parseAround, parseBox, parseSpacing, placeFromCentre } from '../../src/domain/pregeneration-area.ts';
import { estimateProgress, formatDuration } from '../../src/domain/pregeneration-progress.ts';

const kmBetween = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) =>
  Math.hypot((a.latitude - b.latitude) * KM_PER_DEGREE, (a.longitude - b.longitude) * KM_PER_DEGREE * Math.cos((a.latitude * Math.PI) / 180));

test('the grid covers a box with places the spacing apart, all inside it', () => {
  const box = parseBox('9.50,47.12,9.55,47.16');
  const places = gridPlaces(box, 0.4);
  // 4.45 km north–south and 3.79 km east–west at 0.4 km: 11 rows of 9 or 10 places.
  assert.ok(places.length >= 99 && places.length <= 120, `${places.length} places`);
  assert.equal(countGridPlaces(box, 0.4), places.length);
  for (const place of places) assert.ok(place.latitude >= box.south && place.latitude <= box.north && place.longitude >= box.west && place.longitude <= box.east);
  // Every place has a neighbour 0.4 km away, and none is closer.
  for (const place of places.slice(0, 20)) {
    const nearest = Math.min(...places.filter((other) => other !== place).map((other) => kmBetween(place, other)));
    assert.ok(Math.abs(nearest - 0.4) < 0.01, `nearest neighbour ${nearest} km`);
  }
  assert.equal(new Set(places.map((p) => `${p.latitude},${p.longitude}`)).size, places.length, 'no place twice');
});

test('the grid is fixed on the globe: overlapping areas share their places (so cached models are found again)', () => {
  const a = gridPlaces(parseBox('9.50,47.12,9.55,47.16'), 0.3);
  const b = gridPlaces(parseAround('47.1410,9.5209,3'), 0.3);
  const inA = new Set(a.map((p) => `${p.latitude},${p.longitude}`));
  const shared = b.filter((p) => inA.has(`${p.latitude},${p.longitude}`));
  assert.ok(shared.length > 50, `${shared.length} shared places`);
  const decimals = (n: number) => String(n).split('.')[1]?.length ?? 0;
  assert.ok(a.every((p) => decimals(p.latitude) <= 6 && decimals(p.longitude) <= 6), 'coordinates keep 6 decimals, as model ids do');
});

test('areas and spacing are checked, and the messages say what is allowed', () => {
  assert.throws(() => parseBox('9.5,47.1,9.4,47.2'), /--bbox west \(9\.5\) must be less than east \(9\.4\)/);
  assert.throws(() => parseBox('9.5,47.1,9.6'), /--bbox must be W,S,E,N in degrees, e\.g\. .* \(got "9\.5,47\.1,9\.6"\)/);
  assert.throws(() => parseBox('9.5,95,9.6,96'), /latitudes \(S and N\) must be between -90 and 90/);
  assert.throws(() => parseBox('0,40,30,60'), /at most 1500 km on each side \(got \d+ × \d+ km\)/);
  assert.throws(() => parseAround('47.1,9.5'), /--around must be LAT,LNG,KM/);
  assert.throws(() => parseAround('47.1,9.5,0'), /--around KM \(the side of the square\) must be more than 0 and at most 1500 \(got 0\)/);
  assert.throws(() => parseSpacing('0.05'), /--spacing must be a number of km from 0\.1 to 10 \(got "0\.05"\)/);
  assert.equal(parseSpacing(undefined), 0.4);
  assert.throws(() => gridPlaces(parseAround('47.1,9.5,0.05'), 0.4), /holds no grid place: make it wider than the spacing \(0\.4 km\)/);
  assert.throws(() => gridPlaces(parseBox('5,47,15,55'), 0.1), /places at 0\.1 km spacing; at most 1000000 per run/);
});

test('a place is named by its distance and direction from the town centre', () => {
  const centre = { latitude: 47.1393, longitude: 9.5228 };
  assert.equal(placeFromCentre({ latitude: 47.1400, longitude: 9.5230 }, centre).label, 'centre');
  assert.equal(placeFromCentre({ latitude: 47.1393 + 0.6 / KM_PER_DEGREE, longitude: 9.5228 }, centre).label, '0.6 km N');
  assert.equal(placeFromCentre({ latitude: 47.1393 - 0.5 / KM_PER_DEGREE, longitude: 9.5228 - 0.5 / (KM_PER_DEGREE * Math.cos((47.1393 * Math.PI) / 180)) }, centre).label, '0.7 km SW');
});

test('the time left follows the rate of models finished while watching', () => {
  const counts = { total: 100, queued: 100, alreadyFresh: 10, ready: 40, failed: 0, inProgress: 60 };
  const estimate = estimateProgress(counts, { atMs: 0, done: 10 }, 60_000);
  assert.equal(estimate.perMinute, 30, 'the 10 fresh models do not count as speed');
  assert.equal(estimate.etaSeconds, 120);
  assert.equal(estimateProgress(counts, { atMs: 0, done: 40 }, 60_000).etaSeconds, undefined, 'no rate before the first model');
  assert.deepEqual([formatDuration(45), formatDuration(720), formatDuration(12_000), formatDuration(200_000)], ['45 s', '12 min', '3 h 20 min', '2 d 7 h']);
});
