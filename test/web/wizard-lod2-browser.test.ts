import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { PvgisClient } from '../../src/irradiance/pvgis-client.ts';
import { metricRing, planeOf, pitchAzimuth } from '../../src/modelgen/lod2/polygon-3d.ts';
import { readLod2File } from '../../src/modelgen/lod2/read-lod2-file.ts';
import { browserSkipReason, launchBrowser } from '../helpers/browser.ts';
import { SCREENSHOT_DIR } from '../helpers/screenshot-dir.ts';
import { createListeningContext, type ListeningContext } from '../helpers/listening-service.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';
import { OverpassStandIn } from '../stand-ins/overpass-stand-in.ts';
import { wizardSettled } from '../helpers/wizard-page.ts';
import { PvgisStandIn } from '../stand-ins/pvgis-stand-in.ts';

const TILE = 'lod2/nrw-LoD2_32_329_5725_1_NW.gml.gz';
const RECORDING = 'pvgis/pvcalc_v53_45.000_8.000_SARAH3_angle0_aspect0_1kWp_loss14.json';
const NO_OSM_HERE = 'overpass/piedmont-ca-buildings-2017-10-20.json.gz';
const tile = sharedDataFile(TILE);
const recording = sharedDataFile(RECORDING);
const noOsm = sharedDataFile(NO_OSM_HERE);
const skip = browserSkipReason() ?? (!tile ? missingSharedData(TILE) : !recording ? missingSharedData(RECORDING) : !noOsm ? missingSharedData(NO_OSM_HERE) : false);

/** A gabled house of the Wesel tile with one face towards the south: its id, that face's centre and azimuth. */
async function southGable(): Promise<{ id: string; lat: number; lng: number; azimuth: number }> {
  const { buildings } = await readLod2File(tile!);
  for (const building of buildings.filter((b) => b.roofType === '3100')) {
    const roofs = building.polygons.filter((p) => p.kind === 'roof');
    if (roofs.length !== 2) continue;
    for (const roof of roofs) {
      const plane = planeOf(metricRing(roof.outer));
      const up = plane.normal[2] < 0 ? plane.normal.map((v) => -v) as [number, number, number] : plane.normal;
      const { pitch, azimuth } = pitchAzimuth(up);
      if (pitch > 25 && Math.abs(azimuth - 180) < 25 && plane.area > 50) {
        const n = roof.outer.length;
        return { id: building.id, lng: roof.outer.reduce((s, p) => s + p[0], 0) / n, lat: roof.outer.reduce((s, p) => s + p[1], 0) / n, azimuth };
      }
    }
  }
  throw new Error('no south-facing gable in the tile');
}

describe('the Solar Wizard on a measured roof in Wesel (LoD2 from Geobasis NRW)', { skip }, () => {
  let ctx: ListeningContext;
  let pvgis: PvgisStandIn;
  let overpass: OverpassStandIn;
  let browser: Browser;
  before(async () => {
    pvgis = await PvgisStandIn.start(recording!);
    overpass = await OverpassStandIn.start(noOsm!);
    ctx = await createListeningContext({ workers: 1, realGenerator: true, irradiance: new PvgisClient({ baseUrl: pvgis.baseUrl }), env: { LOD2_SOURCE: tile!, OVERPASS_URL: overpass.url, TERRAIN_TILES_URL: 'none' } });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await ctx?.close();
    await pvgis?.close();
    await overpass?.close();
  });

  test('a homeowner’s link on their gabled house: the measured roof, panels on its sunny face, the data credited', async () => {
    const house = await southGable();
    // The recorded PVGIS answer is the same for every orientation; the viewer's own climate model tells the faces apart.
    pvgis.mode = 'error500';
    const created = await fetch(`${ctx.baseUrl}/api/mcp-sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latitude: house.lat, longitude: house.lng, agentName: 'test-assistant', wizardGoal: 'cover_bill', wizardKwh: 150, roofLat: house.lat, roofLng: house.lng }),
    }).then((response) => response.json() as Promise<{ viewerUrl: string }>);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(created.viewerUrl);
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 120_000 });
    const state = await wizardSettled(page, 120_000);
    assert.equal(state.state, 'done', `the wizard finished: ${await page.locator('#wizard-status').textContent()}`);
    assert.equal(state.roof, `lod2/geobasis-nrw/${house.id}`, 'the measured building under the position');
    assert.ok(Number(state.panels) > 0, `${state.panels} panels placed`);
    const azimuths = (state.panelAzimuths ?? '').split(',').map(Number);
    assert.ok(azimuths.length > 0 && azimuths.every((a) => Math.abs(a - house.azimuth) < 2), `panels face the sunny gable (${house.azimuth.toFixed(1)}°): ${state.panelAzimuths}`);
    assert.match(await page.locator('#extra-attribution').textContent() ?? '', /Geobasis NRW/, 'the data’s credit beside OpenStreetMap’s');
    assert.match(await page.locator('#roof-source').textContent() ?? '', /measured: 2 faces as surveyed, from the Geobasis NRW 3D city model/);
    assert.equal(await page.locator('#roof-shape').isVisible(), false, 'no correction fields on a measured roof');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'wizard-lod2-wesel.png') });
    await page.close();

    // The same link on a phone.
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await phone.goto(created.viewerUrl);
    const onPhone = await wizardSettled(phone, 120_000);
    assert.equal(onPhone.roof, state.roof);
    assert.equal(onPhone.panelAzimuths, state.panelAzimuths);
    await phone.close();
  });
});
