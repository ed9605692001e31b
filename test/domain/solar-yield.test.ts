import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeSolarYield, distribute } from '../../src/domain/solar-yield.ts';

test('SPEC.md formula: 10 m² at 20 % under 1200 kWh/m² with 5 % shading', () => {
  const monthly = [40, 60, 90, 120, 140, 150, 155, 140, 110, 80, 50, 65];
  const result = computeSolarYield(
    { latitude: 0, longitude: 0, tiltDeg: 30, azimuthDeg: 180, panelAreaM2: 10, panelEfficiency: 0.2, shadingLossFraction: 0.05 },
    { annualGti: 1200, monthlyGti: monthly, source: 'test' },
  );
  // 2 kW × 1200 × 0.95 × 0.86 = 1960.8 kWh
  assert.equal(result.peakPowerKw, 2);
  assert.equal(result.annualYieldKwh, 1960.8);
  assert.equal(result.specificYield, 980.4);
  assert.equal(result.monthlyKwh.length, 12);
  assert.equal(Math.round(result.monthlyKwh.reduce((a, b) => a + b, 0) * 10), 19608);
  // July has 155 of the 1200 monthly units.
  assert.ok(Math.abs(result.monthlyKwh[6] - (1960.8 * 155) / 1200) <= 0.1);
  assert.equal(result.source, 'test');
});

test('no shading by default; zero area gives zeros, not NaN', () => {
  const irradiation = { annualGti: 1000, monthlyGti: Array(12).fill(1000 / 12), source: 's' };
  assert.equal(computeSolarYield({ latitude: 0, longitude: 0, tiltDeg: 0, azimuthDeg: 0, panelAreaM2: 5, panelEfficiency: 0.2 }, irradiation).annualYieldKwh, 860);
  const empty = computeSolarYield({ latitude: 0, longitude: 0, tiltDeg: 0, azimuthDeg: 0, panelAreaM2: 1, panelEfficiency: 0 }, irradiation);
  assert.equal(empty.specificYield, 0);
  assert.deepEqual(empty.monthlyKwh, Array(12).fill(0));
});

test('distribute splits a whole number exactly, by largest remainder', () => {
  assert.deepEqual(distribute(10, [1, 1, 1]), [4, 3, 3]);
  assert.deepEqual(distribute(7, [0, 2, 5]), [0, 2, 5]);
  assert.equal(distribute(1001, [3.3, 2.2, 1.1, 7]).reduce((a, b) => a + b, 0), 1001);
});
