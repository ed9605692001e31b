import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeClimatePlace, encodeClimatePlace, LARGEST_ENCODED_CLEARNESS } from '../../src/irradiance/climate-table-codec.ts';

const kt = [0, 0.251, 0.3, 0.456, 0.5, 0.61, 0.75, 0.7049, 0.55, 0.4, 0.3, LARGEST_ENCODED_CLEARNESS];

test('a place survives its compact row to a hundredth of K̄T, a hundredth of a degree and a metre', () => {
  for (const [latitude, longitude, elevationM] of [[-90, -180, -430], [90, 180, 7963], [45.07, 7.69, 239], [-33.87, 151.21, 58.4], [0, 0, 0]]) {
    const row = encodeClimatePlace({ latitude, longitude, elevationM, clearnessIndex: kt });
    assert.equal(row.length, 20);
    assert.doesNotMatch(row, /["\\\s]/, 'a row is a plain string literal');
    const back = decodeClimatePlace(row);
    assert.ok(Math.abs(back.latitude - latitude) <= 0.005 + 1e-9 && Math.abs(back.longitude - longitude) <= 0.005 + 1e-9, `${latitude}, ${longitude}`);
    assert.ok(Math.abs(back.elevationM - elevationM) <= 0.5);
    back.clearnessIndex.forEach((value, month) => assert.ok(Math.abs(value - kt[month]) <= 0.005 + 1e-9, `month ${month + 1}: ${value} vs ${kt[month]}`));
  }
});

test('values a row cannot hold are refused, naming the value and the range', () => {
  const place = { latitude: 45, longitude: 8, elevationM: 250, clearnessIndex: kt };
  assert.throws(() => encodeClimatePlace({ ...place, clearnessIndex: kt.map(() => 0.93) }), /K̄T 0\.93 of month 1 \(allowed 0 to 0\.91\) is out of range/);
  assert.throws(() => encodeClimatePlace({ ...place, clearnessIndex: kt.map(() => -0.1) }), /K̄T/);
  assert.throws(() => encodeClimatePlace({ ...place, elevationM: -600 }), /elevation -600 m \(allowed −500 to 7,963 m\)/);
  assert.throws(() => encodeClimatePlace({ ...place, latitude: 91 }), /latitude 91 is out of range for a climate row \(allowed −90 to 90\)/);
  assert.throws(() => encodeClimatePlace({ ...place, clearnessIndex: kt.slice(1) }), /12 monthly K̄T values are needed, got 11/);
  assert.throws(() => decodeClimatePlace('too short'), /20 characters, got 9/);
  assert.throws(() => decodeClimatePlace('#Xg$6B*0RSYXX]a`[SM '), /not in its alphabet/);
});
