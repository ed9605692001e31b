/**
 * Roof insights over the API (GET /api/v1/models/:id/buildings[/:buildingId]) on a real app, database
 * and HTTP, with a model the real generator builds from a hand-made map: a gabled house in the shadow of
 * a tower to its south, and a flat-roofed block. Its figures are checked against the Solar Wizard's
 * own: the same functions, run on the GLB as the browser runs them (layout, shading traced per panel,
 * yield asked over HTTP from POST /api/solar/calculate, faces added up).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BuildingInsight, BuildingList } from '../../src/contract/insights.ts';
import { modelId } from '../../src/domain/model-id.ts';
import { PvgisClient } from '../../src/irradiance/pvgis-client.ts';
import { LocalFrame } from '../../src/modelgen/geometry/local-frame.ts';
import { generateModel, indexExtract } from '../../src/modelgen/index.ts';
import { arrayFigures, existingSolarOf, keepExistingSolarFree, layoutRoof, ShadingEngine, skyDirections, unshadedYieldPerPanel, yearlySunSamples, DEFAULT_PANEL, type RoofSegment } from '../../src/solar-design/index.ts';
import { faceYield } from '../../web/src/wizard/face-yield.ts';
import { HandMadeMap } from '../helpers/hand-made-map.ts';
import { readModel } from '../helpers/read-model.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';
import { createTestContext, type TestContext } from '../helpers/test-context.ts';
import { PvgisStandIn } from '../stand-ins/pvgis-stand-in.ts';
import { minimalGlb } from '../helpers/test-generator.ts';

const RECORDED = 'pvgis/pvcalc_v53_45.000_8.000_SARAH3_angle0_aspect0_1kWp_loss14.json';
const recordedFile = sharedDataFile(RECORDED);
const CENTRE: [number, number] = [47.1405, 9.5205];
const AREA = { latitude: CENTRE[0], longitude: CENTRE[1], radiusKm: 0.05 };

/** A 4 × 4 m plant room standing on the block's roof, mapped as a building of its own (metres east, north). */
const PLANT_ROOM: [number, number][] = [[24, -1], [28, -1], [28, 3], [24, 3]];

/** A gabled house 14 m north of a 24 m tower, and a flat-roofed block to the east with a plant room on it. */
async function handMadeModel(folder: string): Promise<Uint8Array> {
  const map = new HandMadeMap(...CENTRE);
  map.way([[-6, 0], [6, 0], [6, 9], [-6, 9]], { building: 'house', height: '8', 'roof:shape': 'gabled', 'roof:height': '3' }, true);
  map.way([[-5, -24], [5, -24], [5, -14], [-5, -14]], { building: 'apartments', height: '24', 'roof:shape': 'flat' }, true);
  map.way([[20, -5], [34, -5], [34, 7], [20, 7]], { building: 'retail', height: '6', 'roof:shape': 'flat' }, true);
  map.way(PLANT_ROOM, { building: 'yes', height: '9', 'roof:shape': 'flat' }, true);
  const osmExtract = map.write(folder);
  await indexExtract(osmExtract, folder);
  const generated = await generateModel({ ...AREA, quality: 'hd', sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract, cacheDir: folder } }, () => {});
  return generated.glb;
}

describe('roof insights over the API', { skip: recordedFile ? false : missingSharedData(RECORDED) }, () => {
  let ctx: TestContext;
  let pvgis: PvgisStandIn;
  let base: string;
  let key: string;
  let glb: Uint8Array;
  const id = modelId('hd', AREA);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'insights-'));

  before(async () => {
    pvgis = await PvgisStandIn.start(recordedFile!);
    // Every plane gets its own answer, ±20 % at random but the same for the same question, so that any
    // difference between the API's and the wizard's rule for orientations shows in their figures.
    pvgis.planeFactor = (angle, aspect) => {
      const noise = (Math.sin(angle * 12.9898 + aspect * 78.233) * 43758.5453) % 1;
      return 0.8 + 0.4 * (noise < 0 ? noise + 1 : noise);
    };
    ctx = await createTestContext({ irradiance: new PvgisClient({ baseUrl: pvgis.baseUrl, timeoutMs: 5000 }) });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    key = await ctx.createKey();
    glb = await handMadeModel(folder);
  });
  after(async () => {
    await ctx.close();
    await pvgis.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const get = (url: string, authorization: string | null = `Bearer ${key}`) => fetch(`${base}${url}`, { headers: authorization ? { authorization } : {} });

  /** Stores the model file and marks its job ready, as the generation worker does. */
  async function makeReady(): Promise<void> {
    const objectKey = `models/${id}/0123456789abcdef.glb`;
    await ctx.store.put(objectKey, glb, 'model/gltf-binary');
    await ctx.jobs.markReady(id, ctx.store.publicUrl(objectKey), objectKey, new Date());
  }

  test('a key is required, as for the model endpoints', async () => {
    for (const url of [`/api/v1/models/${id}/buildings`, `/api/v1/models/${id}/buildings/way%2F1`]) {
      const missing = await get(url, null);
      assert.equal(missing.status, 401);
      assert.deepEqual(await missing.json(), { error: 'Missing Authorization header' });
      const wrong = await get(url, 'Bearer spk_unknown');
      assert.equal(wrong.status, 401);
      assert.deepEqual(await wrong.json(), { error: 'Invalid or revoked API key' });
    }
  });

  test('404 for an unknown model, and for a model that is not ready yet', async () => {
    const unknown = await get('/api/v1/models/hd_1.000000_2.000000_0.300/buildings');
    assert.equal(unknown.status, 404);
    assert.deepEqual(await unknown.json(), { error: 'Model not found' });
    const queued = await ctx.app.inject({ method: 'POST', url: '/api/v1/models', headers: { authorization: `Bearer ${key}` }, payload: AREA });
    assert.equal(queued.json().id, id);
    const pending = await get(`/api/v1/models/${id}/buildings`);
    assert.equal(pending.status, 404);
    assert.match((await pending.json()).error, /is pending, not ready/);
  });

  let list: BuildingList;
  test('a ready model lists its buildings with roof faces, irradiation and the largest array', async () => {
    await makeReady();
    const response = await get(`/api/v1/models/${id}/buildings`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type')!, /application\/json/);
    list = (await response.json()) as BuildingList;
    assert.equal(list.modelId, id);
    assert.equal(list.assumptions.panel.powerW, DEFAULT_PANEL.powerW);
    assert.equal(list.buildings.length, 4);
    const house = list.buildings.find((b) => b.segments.some((s) => s.pitchDeg > 10))!;
    assert.equal(house.segments.length, 2, 'a gabled roof has two faces');
    const south = house.segments.find((s) => Math.abs(s.azimuthDeg - 180) < 5)!;
    const north = house.segments.find((s) => Math.abs(s.azimuthDeg) < 5 || Math.abs(s.azimuthDeg - 360) < 5)!;
    assert.ok(south && north, `faces look south and north: ${house.segments.map((s) => s.azimuthDeg)}`);
    for (const segment of house.segments) {
      assert.ok(segment.pitchDeg > 20 && segment.pitchDeg < 40, `pitch ${segment.pitchDeg}`);
      assert.equal(segment.outline.length >= 3, true);
      // Corners lie within the model's 50 m around its centre.
      for (const [lng, lat] of segment.outline) assert.ok(Math.abs(lat - CENTRE[0]) < 0.0006 && Math.abs(lng - CENTRE[1]) < 0.0008, `${lat}, ${lng}`);
      assert.ok(segment.annualIrradiationKwhPerM2 <= segment.unshadedIrradiationKwhPerM2);
    }
    assert.ok(south.shadingLoss > 0.05, `the tower shades the south face (${south.shadingLoss})`);
    assert.ok(house.largestArray.panelCount > 0 && house.largestArray.monthlyKwh.length === 12);
    assert.equal(house.largestArray.panelCount, house.segments.reduce((sum, s) => sum + s.panelCount, 0));
    assert.ok(Math.abs(house.largestArray.annualKwh - house.segments.reduce((sum, s) => sum + s.annualKwh, 0)) < 0.2);
    assert.equal(house.largestArray.kwp, Math.round(house.largestArray.panelCount * 440) / 1000);
    assert.equal(house.fallback, false);
    assert.match(house.irradianceSource, /PVGIS/);
  });

  test('a roof lists its openings and leaves them out of its area; no panel is laid in them', async () => {
    const block = list.buildings.find((b) => b.roofAreaM2 > 100 && b.segments.every((s) => s.pitchDeg < 1))!;
    assert.ok(block, list.buildings.map((b) => `${b.id} ${b.roofAreaM2}`).join(', '));
    const [face] = block.segments;
    assert.equal(face.openings.length, 1, 'the plant room stands on the block');
    const frame = new LocalFrame(...CENTRE);
    const corners = face.openings[0].map(([lng, lat]) => frame.toLocal(lng, lat));
    for (const [x, y] of PLANT_ROOM) assert.ok(corners.some(([cx, cy]) => Math.hypot(cx - x, cy - y) < 0.05), `corner ${x}, ${y} of the opening: ${JSON.stringify(corners)}`);
    assert.ok(Math.abs(face.areaM2 - (14 * 12 - 16)) < 0.2, `the block's open roof: ${face.areaM2} m²`);
    const plantRoom = list.buildings.find((b) => Math.abs(b.roofAreaM2 - 16) < 0.2)!;
    assert.deepEqual(plantRoom.segments[0].openings, [], 'nothing stands on the plant room');
    const detail = (await (await get(`/api/v1/models/${id}/buildings/${encodeURIComponent(block.id)}`)).json()) as { panels: { centre: { latitude: number; longitude: number } }[] };
    assert.ok(detail.panels.length > 0);
    for (const panel of detail.panels) {
      const [x, y] = frame.toLocal(panel.centre.longitude, panel.centre.latitude);
      assert.ok(!(x > 24 && x < 28 && y > -1 && y < 3), `a panel at ${x.toFixed(2)}, ${y.toFixed(2)} inside the plant room`);
    }
  });

  test('the figures are the Solar Wizard’s own for the same roofs', async () => {
    // As the browser: the GLB's roof faces and triangles, the wizard's layout and shading per panel, the
    // yield of each face asked from POST /api/solar/calculate, added up by the wizard's functions.
    const model = await readModel(glb);
    const triangles = [...model.buildings.flatMap((b) => b.triangles), ...model.ground];
    const engine = new ShadingEngine(new Float32Array(triangles.flat(2)));
    const sun = yearlySunSamples(AREA.latitude, AREA.longitude);
    const sky = skyDirections();
    const site = { latitude: AREA.latitude, longitude: AREA.longitude, panel: DEFAULT_PANEL };
    const yieldOf = (array: Parameters<typeof faceYield>[0]) => faceYield(array, (url, init) => fetch(`${base}${url}`, init));
    for (const building of model.buildings) {
      const candidates = keepExistingSolarFree(layoutRoof(building.segments as RoofSegment[], AREA.latitude), existingSolarOf(building.extras));
      const losses = engine.shade(candidates, sun, sky).map((shading) => shading.loss);
      const unshaded = await unshadedYieldPerPanel(site, candidates, yieldOf);
      const wizard = await arrayFigures(site, candidates, losses, candidates.map((_, i) => i), unshaded, yieldOf);
      const api = list.buildings.find((b) => b.id === building.name) as BuildingInsight;
      assert.ok(api, building.name);
      assert.equal(api.largestArray.panelCount, wizard.panelCount, building.name);
      assert.equal(api.largestArray.kwp, wizard.kwp);
      assert.ok(Math.abs(api.largestArray.annualKwh - wizard.annualKwh) < 0.5, `${building.name}: API ${api.largestArray.annualKwh} kWh, wizard ${wizard.annualKwh} kWh`);
      assert.ok(Math.abs(api.largestArray.shadingLoss - wizard.shadingLoss) < 0.001, `${building.name}: shading ${api.largestArray.shadingLoss} vs ${wizard.shadingLoss}`);
      assert.deepEqual(api.largestArray.monthlyKwh.map(Math.round), wizard.monthlyKwh.map(Math.round));
      for (const face of wizard.faces) assert.equal(api.segments[face.face].panelCount, face.panelCount);
      // Each panel's yearly energy as the wizard rates it: its face's unshaded panel × (1 − its loss).
      const detail = (await (await get(`/api/v1/models/${id}/buildings/${encodeURIComponent(building.name)}`)).json()) as { panels: { segmentIndex: number; annualKwh: number; shadingLoss: number }[] };
      assert.equal(detail.panels.length, candidates.length);
      detail.panels.forEach((panel, i) => {
        assert.equal(panel.segmentIndex, candidates[i].face);
        assert.ok(Math.abs(panel.shadingLoss - losses[i]) < 1e-4, `${building.name} panel ${i}: ${panel.shadingLoss} vs ${losses[i]}`);
        assert.ok(Math.abs(panel.annualKwh - unshaded.get(candidates[i].face)! * (1 - losses[i])) <= 0.05 + 1e-9);
      });
    }
  });

  test('one building by its id; an id the model does not hold is 404', async () => {
    const wanted = list.buildings[0];
    const response = await get(`/api/v1/models/${id}/buildings/${encodeURIComponent(wanted.id)}`);
    assert.equal(response.status, 200);
    const body = (await response.json()) as { modelId: string; building: BuildingInsight; panels: { centre: { latitude: number; longitude: number }; annualKwh: number }[] };
    assert.equal(body.modelId, id);
    assert.deepEqual(body.building, wanted);
    assert.equal(body.panels.length, wanted.largestArray.panelCount);
    const sum = body.panels.reduce((total, panel) => total + panel.annualKwh, 0);
    assert.ok(Math.abs(sum - wanted.largestArray.annualKwh) <= 0.05 * body.panels.length + 0.2, `panels add up to ${sum}, the array gives ${wanted.largestArray.annualKwh}`);
    for (const panel of body.panels) assert.ok(Math.abs(panel.centre.latitude - wanted.centre.latitude) < 0.0002 && Math.abs(panel.centre.longitude - wanted.centre.longitude) < 0.0003);
    const missing = await get(`/api/v1/models/${id}/buildings/way%2F999999`);
    assert.equal(missing.status, 404);
    assert.match((await missing.json()).error, /not in model/);
    const malformed = await get(`/api/v1/models/${id}/buildings/nothing`);
    assert.equal(malformed.status, 400);
    assert.match((await malformed.json()).error, /buildingId is not in the expected form \(a building id as the model names it, way\/…/);
  });

  test('the insights are kept: a second read does not compute again, and they are stored beside the model', async () => {
    // Written after the first read was answered; stored() waits for the write.
    await ctx.services.insights.stored();
    const stored = await ctx.store.get(`models/${id}/0123456789abcdef.insights-v3.json`);
    assert.ok(stored, 'stored in the object store');
    assert.deepEqual(JSON.parse(new TextDecoder().decode(stored)).list, list);
    const start = performance.now();
    const again = await get(`/api/v1/models/${id}/buildings`);
    assert.equal(again.status, 200);
    assert.deepEqual(await again.json(), list);
    assert.ok(performance.now() - start < 1000);
  });

  test('a ready model without buildings (open water, fields) lists none', async () => {
    const area = { latitude: 43.7, longitude: 7.5, radiusKm: 0.3 };
    const emptyId = modelId('hd', area);
    await ctx.jobs.queueIfNeeded(ctx.database.db, emptyId, 'hd', area, new Date());
    await ctx.store.put(`models/${emptyId}/fedcba9876543210.glb`, minimalGlb('sea'), 'model/gltf-binary');
    await ctx.jobs.markReady(emptyId, ctx.store.publicUrl(`models/${emptyId}/fedcba9876543210.glb`), `models/${emptyId}/fedcba9876543210.glb`, new Date());
    const response = await get(`/api/v1/models/${emptyId}/buildings`);
    assert.equal(response.status, 200);
    assert.deepEqual((await response.json()).buildings, []);
  });
});
