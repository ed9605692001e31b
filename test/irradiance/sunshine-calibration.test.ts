import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fitSunshineCalibration, yearlyHorizontal } from '../../scripts/climate-table/calibration.ts';
import type { ClimatePlace } from '../../src/irradiance/climate-entry.ts';

const place = (latitude: number, longitude: number, kt: number): ClimatePlace => ({ latitude, longitude, elevationM: 200, clearnessIndex: Array(12).fill(kt) });

test('the calibration is the geometric mean of PVGIS ÷ sunshine over the PVGIS places', () => {
  const sunshine = [place(45, 7, 0.5), place(45, 9, 0.5), place(40, -4, 0.6), place(40, -3, 0.6)];
  const twoNearest = { neighbours: 2, power: 2, smoothingKm: 25, clearnessPerKm: 0 };
  const one = fitSunshineCalibration(sunshine, [place(45, 8, 0.55)], twoNearest);
  assert.ok(Math.abs(one.factor - 1.1) < 1e-9, `${one.factor}`);
  assert.ok(Math.abs(one.points[0].pvgisYearly / one.points[0].sunshineYearly - 1.1) < 1e-9);
  const two = fitSunshineCalibration(sunshine, [place(45, 8, 0.55), place(40, -3.5, 0.6 * 1.21)], twoNearest);
  assert.ok(Math.abs(two.factor - Math.sqrt(1.1 * 1.21)) < 1e-9, `geometric, not arithmetic, mean: ${two.factor}`);
  assert.ok(Math.abs(two.points[1].nearestKm - 42.6) < 0.5, 'the distance to the nearest sunshine place is reported');
  assert.throws(() => fitSunshineCalibration(sunshine, []), /at least one PVGIS row/);
});

test('yearly horizontal irradiation follows K̄T and latitude', () => {
  assert.ok(Math.abs(yearlyHorizontal(45, Array(12).fill(0.6)) / yearlyHorizontal(45, Array(12).fill(0.5)) - 1.2) < 1e-12);
  assert.ok(yearlyHorizontal(30, Array(12).fill(0.5)) > yearlyHorizontal(60, Array(12).fill(0.5)));
});
