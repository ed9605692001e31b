import assert from 'node:assert/strict';
import { test } from 'node:test';
import { azimuthToAspect, parsePvcalc } from '../../src/irradiance/pvgis-client.ts';
import { IrradianceUnavailableError } from '../../src/irradiance/irradiance-provider.ts';

test('azimuth (0 = north, 180 = south) to PVGIS aspect (0 = south, 90 = west, -90 = east)', () => {
  const cases: [number, number][] = [[0, 180], [90, -90], [135, -45], [180, 0], [270, 90], [359, 179], [360, 180], [225, 45]];
  for (const [azimuth, aspect] of cases) assert.equal(azimuthToAspect(azimuth), aspect, `azimuth ${azimuth}`);
});

test('PVcalc answers are read defensively: numbers as strings, months in any order', () => {
  const months = Array.from({ length: 12 }, (_, i) => ({ month: 12 - i, 'H(i)_m': String(10 * (12 - i)) }));
  const parsed = parsePvcalc(JSON.stringify({ outputs: { totals: { fixed: { 'H(i)_y': '780' } }, monthly: { fixed: months } } }));
  assert.equal(parsed.annualGti, 780);
  assert.deepEqual(parsed.monthlyGti, [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120]);
});

test('an answer without 12 months and a total is an upstream failure', () => {
  assert.throws(() => parsePvcalc('{"outputs":{"totals":{"fixed":{"H(i)_y":1}},"monthly":{"fixed":[]}}}'), IrradianceUnavailableError);
  assert.throws(() => parsePvcalc('<html>'), IrradianceUnavailableError);
});
