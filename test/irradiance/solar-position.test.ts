import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSolarPositionCalculator, estimateDeltaT, julianDay, solarPosition } from '../../src/irradiance/solar-position.ts';

test("the paper's example: 17 Oct 2003 12:30:30 (UT−7), Golden CO — zenith 50.11162°, azimuth 194.34024°", () => {
  // Reda & Andreas 2004, Table A5.1: ΔT 67 s, 820 mbar, 11 °C, 1830.14 m.
  const date = new Date(Date.UTC(2003, 9, 17, 19, 30, 30));
  const position = solarPosition(date, { latitude: 39.742476, longitude: -105.1786, elevation: 1830.14, pressure: 820, temperature: 11, deltaT: 67 });
  assert.ok(Math.abs(position.zenith - 50.11162) < 0.001, `zenith ${position.zenith}`);
  assert.ok(Math.abs(position.azimuth - 194.34024) < 0.001, `azimuth ${position.azimuth}`);
  // Intermediate values the paper lists: declination −9.31434°, Earth radius vector 0.9965422974 AU.
  assert.ok(Math.abs(position.declination - -9.31434) < 0.00001, `declination ${position.declination}`);
  assert.ok(Math.abs(position.radiusVector - 0.9965422974) < 1e-9, `radius ${position.radiusVector}`);
});

test('Julian day of J2000.0 and of the paper’s example', () => {
  assert.equal(julianDay(new Date(Date.UTC(2000, 0, 1, 12))), 2451545);
  assert.ok(Math.abs(julianDay(new Date(Date.UTC(2003, 9, 17, 19, 30, 30))) - 2452930.312847) < 1e-6);
});

test('published solstice and equinox facts: declination ±23.44° at the solstices, ~0 at the equinox', () => {
  const greenwich = { latitude: 51.4769, longitude: 0 };
  // June solstice 2024: 21 June 20:51 UT; December solstice 2024: 21 Dec 09:21 UT; March equinox 2024: 20 Mar 03:06 UT.
  assert.ok(Math.abs(solarPosition(new Date(Date.UTC(2024, 5, 20, 20, 51)), greenwich).declination - 23.4393) < 0.01);
  assert.ok(Math.abs(solarPosition(new Date(Date.UTC(2024, 11, 21, 9, 21)), greenwich).declination + 23.4367) < 0.01);
  assert.ok(Math.abs(solarPosition(new Date(Date.UTC(2024, 2, 20, 3, 6)), greenwich).declination) < 0.01);
});

test('noon on the equator at the March equinox is overhead and the sun is due south in northern winter', () => {
  const equinoxNoon = solarPosition(new Date(Date.UTC(2024, 2, 20, 12, 7)), { latitude: 0, longitude: 0 });
  assert.ok(equinoxNoon.zenith < 0.5, `zenith ${equinoxNoon.zenith}`);
  const monacoNoon = solarPosition(new Date(Date.UTC(2024, 11, 21, 11, 25)), { latitude: 43.7396, longitude: 7.4276 });
  assert.ok(Math.abs(monacoNoon.azimuth - 180) < 2, `azimuth ${monacoNoon.azimuth}`);
  // Noon elevation at the December solstice = 90 − latitude − 23.44 (plus a little refraction).
  assert.ok(Math.abs(monacoNoon.elevation - (90 - 43.7396 - 23.44)) < 0.15, `elevation ${monacoNoon.elevation}`);
});

test('the hourly-interpolating calculator agrees with the exact algorithm to 0.0001°', () => {
  const observer = { latitude: 43.7396, longitude: 7.4276, elevation: 45 };
  const calculate = createSolarPositionCalculator(observer);
  for (let minute = 0; minute < 366 * 24 * 60; minute += 997) {
    const date = new Date(Date.UTC(2026, 0, 1) + minute * 60_000);
    const exact = solarPosition(date, observer);
    const fast = calculate(date);
    assert.ok(Math.abs(exact.zenith - fast.zenith) < 1e-4, `${date.toISOString()} zenith ${exact.zenith} vs ${fast.zenith}`);
    const azimuthError = Math.abs(((exact.azimuth - fast.azimuth + 540) % 360) - 180);
    if (exact.zenith < 89.9) assert.ok(azimuthError < 1e-4, `${date.toISOString()} azimuth ${exact.azimuth} vs ${fast.azimuth}`);
  }
});

test('ΔT follows the observed values: 63.83 s in 2000, 69.36 s in 2020, between them in 2003.8', () => {
  assert.equal(estimateDeltaT(2000), 63.83);
  assert.equal(estimateDeltaT(2020), 69.36);
  assert.ok(estimateDeltaT(2003.8) > 63.83 && estimateDeltaT(2003.8) < 64.69);
  assert.equal(estimateDeltaT(2030), 69.1);
});
