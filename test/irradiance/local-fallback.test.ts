import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeSolarYield } from '../../src/domain/solar-yield.ts';
import { interpolateClearness } from '../../src/irradiance/climate-interpolation.ts';
import { shippedClimatePlaces, shippedClimateTable } from '../../src/irradiance/climate-places.ts';
import { beamTiltFactor, erbsMonthlyDiffuseFraction, FALLBACK_SOURCE, fallbackIrradiation, monthlyMeanDailyTilted } from '../../src/irradiance/local-fallback.ts';
import { declination, extraterrestrialDaily, sunsetHourAngle } from '../../src/irradiance/sun-geometry.ts';

const DEG = Math.PI / 180;

test('Duffie & Beckman example 1.10.1: 43° N on April 15 — δ 9.4°, ωs 98.9°, H0 33.8 MJ/m²', () => {
  assert.ok(Math.abs(declination(105) - 9.41) < 0.05);
  assert.ok(Math.abs(sunsetHourAngle(43, declination(105)) - 98.9) < 0.1);
  assert.ok(Math.abs(extraterrestrialDaily(43, 105) * 3.6 - 33.8) < 0.1, `${extraterrestrialDaily(43, 105) * 3.6} MJ/m²`);
  assert.equal(extraterrestrialDaily(80, 355), 0, 'polar night');
});

test('Erbs monthly diffuse fraction: the published polynomials, clamped to K̄T 0.3–0.8', () => {
  assert.ok(Math.abs(erbsMonthlyDiffuseFraction(0.5, 70) - (1.391 - 3.56 * 0.5 + 4.189 * 0.25 - 2.137 * 0.125)) < 1e-12);
  assert.ok(Math.abs(erbsMonthlyDiffuseFraction(0.5, 100) - (1.311 - 3.022 * 0.5 + 3.427 * 0.25 - 1.821 * 0.125)) < 1e-12);
  assert.equal(erbsMonthlyDiffuseFraction(0.9, 70), erbsMonthlyDiffuseFraction(0.8, 70));
  assert.ok(erbsMonthlyDiffuseFraction(0.3, 70) > erbsMonthlyDiffuseFraction(0.7, 70), 'clearer skies, less diffuse');
});

test('the beam tilt factor equals Duffie & Beckman’s closed form for south-facing planes', () => {
  for (const [latitude, tilt, day] of [[40, 30, 17], [40, 60, 318], [52, 35, 162], [-33, 30, 198]] as const) {
    const delta = declination(day);
    const south = latitude >= 0 ? 180 : 0;
    const slope = latitude >= 0 ? tilt : -tilt; // facing the equator in either hemisphere
    const omegaS = sunsetHourAngle(latitude, delta) * DEG;
    const omegaSPrime = Math.min(omegaS, Math.acos(Math.max(-1, Math.min(1, -Math.tan((latitude - slope) * DEG) * Math.tan(delta * DEG)))));
    const expected =
      (Math.cos((latitude - slope) * DEG) * Math.cos(delta * DEG) * Math.sin(omegaSPrime) + omegaSPrime * Math.sin((latitude - slope) * DEG) * Math.sin(delta * DEG)) /
      (Math.cos(latitude * DEG) * Math.cos(delta * DEG) * Math.sin(omegaS) + omegaS * Math.sin(latitude * DEG) * Math.sin(delta * DEG));
    const numeric = beamTiltFactor(latitude, delta, tilt, south);
    assert.ok(Math.abs(numeric - expected) / expected < 0.005, `φ ${latitude}, β ${tilt}, day ${day}: ${numeric} vs ${expected}`);
  }
  assert.ok(Math.abs(beamTiltFactor(45, 10, 0, 123) - 1) < 1e-9, 'a flat plane sees what the horizontal sees');
});

test('a flat plane receives the climate’s global irradiation; east and west faces receive the same', () => {
  const turin = shippedClimateTable().pvgis[0];
  const month = 6;
  const flat = monthlyMeanDailyTilted(turin.latitude, month, turin.clearnessIndex[month], 0, 180);
  assert.ok(Math.abs(flat - turin.clearnessIndex[month] * extraterrestrialDaily(turin.latitude, 198)) < 1e-9);
  const east = fallbackIrradiation({ latitude: 45, longitude: 8, tiltDeg: 30, azimuthDeg: 90 }).annualGti;
  const west = fallbackIrradiation({ latitude: 45, longitude: 8, tiltDeg: 30, azimuthDeg: 270 }).annualGti;
  const south = fallbackIrradiation({ latitude: 45, longitude: 8, tiltDeg: 30, azimuthDeg: 180 }).annualGti;
  const north = fallbackIrradiation({ latitude: 45, longitude: 8, tiltDeg: 30, azimuthDeg: 0 }).annualGti;
  assert.ok(Math.abs(east - west) / east < 0.005, `${east} vs ${west}`);
  assert.ok(south > east && east > north, `south ${south}, east ${east}, north ${north}`);
});

test('the fallback answers in the shape of the endpoint, naming itself', () => {
  const irradiation = fallbackIrradiation({ latitude: 41, longitude: -4, tiltDeg: 35, azimuthDeg: 180 });
  assert.equal(irradiation.monthlyGti.length, 12);
  assert.ok(Math.abs(irradiation.annualGti - irradiation.monthlyGti.reduce((a, b) => a + b, 0)) < 0.05);
  const nearest = interpolateClearness(shippedClimatePlaces(), 41, -4, undefined).neighbours[0].place;
  assert.ok(shippedClimateTable().pvgis.includes(nearest), 'the PVGIS row of Madrid is the nearest place');
  const result = computeSolarYield({ latitude: 41, longitude: -4, tiltDeg: 35, azimuthDeg: 180, panelAreaM2: 10, panelEfficiency: 0.2 }, irradiation);
  assert.deepEqual(Object.keys(result).sort(), ['annualYieldKwh', 'monthlyKwh', 'peakPowerKw', 'source', 'specificYield']);
  assert.equal(result.source, FALLBACK_SOURCE);
  // A 35° south plane near Madrid gets more than the horizontal (1780 kWh/m² from PVGIS) but not absurdly more.
  assert.ok(irradiation.annualGti > 1780 && irradiation.annualGti < 2300, `${irradiation.annualGti}`);
});

test('the shipped fallback stays close to PVGIS where PVGIS has a row, and scales the sunshine rows by their calibration', () => {
  const table = shippedClimateTable();
  const madrid = fallbackIrradiation({ latitude: 40.4165, longitude: -3.70256, tiltDeg: 0, azimuthDeg: 180 }).annualGti;
  assert.ok(Math.abs(madrid / 1779.64 - 1) < 0.05, `Madrid horizontal ${madrid} kWh/m² vs PVGIS-SARAH3 1779.64`);
  const places = shippedClimatePlaces();
  assert.equal(places.length, table.pvgis.length + table.sunshine.length);
  const sunshine = places[table.pvgis.length];
  sunshine.clearnessIndex.forEach((kt, m) => assert.ok(Math.abs(kt - table.sunshine[0].clearnessIndex[m] * table.calibration) < 1e-12));
});
