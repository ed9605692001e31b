import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { PvgisClient } from '../../src/irradiance/pvgis-client.ts';
import { createTestContext, json, type TestContext } from '../helpers/test-context.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';
import { PvgisStandIn } from '../stand-ins/pvgis-stand-in.ts';

const RECORDED = 'pvgis/pvcalc_v53_45.000_8.000_SARAH3_angle0_aspect0_1kWp_loss14.json';
const recordedFile = sharedDataFile(RECORDED);

describe('POST /api/solar/calculate', { skip: recordedFile ? false : missingSharedData(RECORDED) }, () => {
  let ctx: TestContext;
  let pvgis: PvgisStandIn;
  let recorded: { outputs: { totals: { fixed: Record<string, number> }; monthly: { fixed: Record<string, number>[] } } };
  before(async () => {
    pvgis = await PvgisStandIn.start(recordedFile!);
    recorded = JSON.parse(fs.readFileSync(recordedFile!, 'utf8'));
    // 3 s for a call: room for a busy machine running two test files at once; the slow case answers later still.
    pvgis.slowMs = 6000;
    ctx = await createTestContext({ irradiance: new PvgisClient({ baseUrl: pvgis.baseUrl, timeoutMs: 3000 }) });
  });
  after(async () => {
    await ctx.close();
    await pvgis.close();
  });

  const calculate = (body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/solar/calculate', payload: body });
  const request = { latitude: 45, longitude: 8, tiltDeg: 0, azimuthDeg: 180, panelAreaM2: 20, panelEfficiency: 0.2 };

  test('applies SPEC.md formula to the irradiance PVGIS answered', async () => {
    pvgis.mode = 'ok';
    const response = await calculate({ ...request, shadingLossFraction: 0.1 });
    assert.equal(response.statusCode, 200);
    const result = json<{ annualYieldKwh: number; peakPowerKw: number; specificYield: number; monthlyKwh: number[]; source: string }>(response);
    const gti = recorded.outputs.totals.fixed['H(i)_y'];
    assert.equal(result.peakPowerKw, 4);
    assert.equal(result.annualYieldKwh, Math.round(4 * gti * 0.9 * 0.86 * 10) / 10);
    assert.equal(result.specificYield, Math.round(gti * 0.9 * 0.86 * 10) / 10);
    assert.equal(result.monthlyKwh.length, 12);
    assert.equal(Math.round(result.monthlyKwh.reduce((a, b) => a + b, 0) * 10) / 10, result.annualYieldKwh, 'months add up to the year');
    const january = recorded.outputs.monthly.fixed[0]['H(i)_m'];
    assert.ok(Math.abs(result.monthlyKwh[0] - 4 * january * 0.9 * 0.86) < 1, 'January follows PVGIS January');
    assert.match(result.source, /PVGIS/);
  });

  test('asks PVGIS for a 1 kWp plane without losses, azimuth converted to PVGIS aspect', async () => {
    pvgis.mode = 'ok';
    pvgis.calls.length = 0;
    await calculate({ ...request, tiltDeg: 30, azimuthDeg: 90 });
    assert.equal(pvgis.calls.length, 1, 'a plane on the orientation grid is asked as it is');
    const call = pvgis.calls[0];
    assert.equal(call.get('peakpower'), '1');
    assert.equal(call.get('loss'), '0');
    assert.equal(call.get('angle'), '30');
    assert.equal(call.get('aspect'), '-90', 'east is -90 in PVGIS');
    assert.equal(call.get('outputformat'), 'json');
  });

  test('other planes are interpolated between PVGIS answers on the grid of 15° tilt and 30° azimuth', async () => {
    pvgis.mode = 'ok';
    pvgis.calls.length = 0;
    // PVGIS answers more for planes turned south (aspect 0) and tilted 30°.
    pvgis.planeFactor = (angle, aspect) => 1 + 0.2 * Math.cos((aspect * Math.PI) / 180) - 0.1 * ((angle - 30) / 30) ** 2;
    try {
      const between = json<{ annualYieldKwh: number }>(await calculate({ ...request, tiltDeg: 37.5, azimuthDeg: 200 }));
      assert.ok(pvgis.calls.length > 1);
      for (const call of pvgis.calls) {
        assert.equal(Number(call.get('angle')) % 15, 0, `angle ${call.get('angle')}`);
        assert.equal(Math.abs(Number(call.get('aspect'))) % 30, 0, `aspect ${call.get('aspect')}`);
      }
      const gti = recorded.outputs.totals.fixed['H(i)_y'];
      const exact = 4 * gti * (1 + 0.2 * Math.cos((20 * Math.PI) / 180) - 0.1 * (7.5 / 30) ** 2) * 0.86;
      assert.ok(Math.abs(between.annualYieldKwh / exact - 1) < 0.003, `${between.annualYieldKwh} kWh against ${exact.toFixed(1)} kWh for the exact plane`);
    } finally {
      pvgis.planeFactor = undefined;
    }
  });

  test('an unreachable, failing or garbled irradiance service is 503 with useLocalFallback', async () => {
    for (const mode of ['error500', 'busy429', 'slow', 'garbage'] as const) {
      pvgis.mode = mode;
      const response = await calculate(request);
      assert.equal(response.statusCode, 503, mode);
      const body = json(response);
      assert.equal(body.useLocalFallback, true);
      // Advice an API client can follow: the local estimate is the service's own viewer's, not the client's.
      assert.equal(body.error, 'The irradiance data service (PVGIS) is unreachable right now, so no yield can be calculated. Try again in a few minutes.');
    }
  });

  test('a location PVGIS cannot serve is 400 with its reason', async () => {
    pvgis.mode = 'sea';
    const response = await calculate({ ...request, latitude: 40, longitude: -30 });
    assert.equal(response.statusCode, 400);
    assert.match(json(response).error as string, /Location over the sea/);
  });

  test('validation names the field and the allowed range', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...request, tiltDeg: 95 }, 'tiltDeg must be between 0 and 90'],
      [{ ...request, panelEfficiency: 1.5 }, 'panelEfficiency must be between 0 and 1'],
      [{ ...request, shadingLossFraction: -0.1 }, 'shadingLossFraction must be between 0 and 1'],
      [{ ...request, panelAreaM2: 0 }, 'panelAreaM2 must be greater than 0 and at most 100000'],
      [{ latitude: 45, longitude: 8, azimuthDeg: 180, panelAreaM2: 1, panelEfficiency: 0.2 }, 'tiltDeg is required'],
      [{ tiltDeg: 0, azimuthDeg: 180, panelAreaM2: 1, panelEfficiency: 0.2 }, 'latitude and longitude are required'],
      // Every problem at once, so a caller fixes them in one go; a missing location keeps SPEC.md's message.
      [{ ...request, tiltDeg: 95, panelEfficiency: 1.5, tilt: 30 }, 'tilt is not a known field; allowed fields: latitude, longitude, tiltDeg, azimuthDeg, panelAreaM2, panelEfficiency, shadingLossFraction; tiltDeg must be between 0 and 90; panelEfficiency must be between 0 and 1'],
      [{ tiltDeg: 95, azimuthDeg: 180, panelAreaM2: 1, panelEfficiency: 0.2 }, 'latitude and longitude are required'],
    ];
    for (const [body, message] of cases) {
      const response = await calculate(body);
      assert.equal(response.statusCode, 400, message);
      assert.equal(json(response).error, message);
    }
    // A body far beyond a person's size is told its first problem only: listing all of them is work a caller could ask for at will.
    const flood = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`f${i}`, i]));
    const flooded = await calculate({ ...request, ...flood });
    assert.equal(flooded.statusCode, 400);
    assert.match(json(flooded).error as string, /^f\d+ is not a known field; allowed fields: [^;]*$/);
  });
});
