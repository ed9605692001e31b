import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Frame, Page } from 'playwright-core';
import sharp from 'sharp';
import { AccountsRepository } from '../../src/db/accounts-repository.ts';
import { LeadsRepository } from '../../src/db/leads-repository.ts';
import { PvgisClient } from '../../src/irradiance/pvgis-client.ts';
import { browserSkipReason, launchBrowser } from '../helpers/browser.ts';
import { HandMadeMap, type Metres } from '../helpers/hand-made-map.ts';
import { createListeningContext, freePort, type ListeningContext } from '../helpers/listening-service.ts';
import { SCREENSHOT_DIR } from '../helpers/screenshot-dir.ts';
import { freeViewCentre } from '../helpers/view-centre.ts';
import { wizardSettled, wizardState } from '../helpers/wizard-page.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';
import { PvgisStandIn } from '../stand-ins/pvgis-stand-in.ts';

const RECORDING = 'pvgis/pvcalc_v53_45.000_8.000_SARAH3_angle0_aspect0_1kWp_loss14.json';
const recording = sharedDataFile(RECORDING);
const skip = browserSkipReason() ?? (!recording ? missingSharedData(RECORDING) : false);
const SITE = { lat: 45.0, lng: 8.0 };

/** A street of gabled houses drawn by hand around the site; the house at the centre is the visitor's. */
function street(folder: string): { file: string; house: string; houseAt: { lat: number; lng: number } } {
  const map = new HandMadeMap(SITE.lat, SITE.lng);
  const box = (x: number, y: number, w: number, d: number): Metres[] => [[x - w / 2, y - d / 2], [x + w / 2, y - d / 2], [x + w / 2, y + d / 2], [x - w / 2, y + d / 2]];
  const tags = { building: 'house', 'building:levels': '2', 'roof:shape': 'gabled', 'roof:orientation': 'along' };
  const id = map.way(box(0, 0, 14, 10), tags, true);
  // PV already on the house's south face, mapped as an area.
  map.way(box(-3.5, -2.5, 4, 4), { power: 'generator', 'generator:source': 'solar', 'generator:method': 'photovoltaic' }, true);
  for (const x of [-30, 30]) for (const y of [-28, 0, 28]) map.way(box(x, y, 13, 9), tags, true);
  for (const y of [-28, 28]) map.way(box(0, y, 14, 10), tags, true);
  map.way([[-120, 16], [120, 16]], { highway: 'residential' });
  return { file: map.write(folder), house: `way/${id}`, houseAt: SITE };
}

/** An installer's page on another origin that frames the embed, as a partner would. */
async function installerPage(embedUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const page = `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sunny Roofs</title></head>
<body style="margin:0;font-family:sans-serif"><h1 style="margin:12px">Sunny Roofs: solar for your house</h1>
<iframe src="${embedUrl}" title="3D solar viewer" allow="fullscreen" style="display:block;width:100%;height:560px;border:0"></iframe></body></html>`;
  const server = http.createServer((_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(page));
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
  return { url: `http://localhost:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Whether the element is the topmost thing at its centre and at both ends of its middle line (nothing lies
 * over any part of it); the ends sit half the height in, inside rounded (pill) corners, which hit tests follow.
 */
const onTop = (frame: Frame, id: string) => frame.evaluate((id) => {
  const element = document.getElementById(id)!;
  const box = element.getBoundingClientRect();
  const middle = box.y + box.height / 2;
  const points = [[box.x + box.width / 2, middle], [box.left + box.height / 2, middle], [box.right - box.height / 2, middle]];
  return box.width > 0 && points.every(([x, y]) => element.contains(document.elementFromPoint(x, y)));
}, id);

/** Whether the element is the topmost thing at nine points across its box (a quarter, half and three quarters each way). */
const wholeOnTop = (frame: Frame, id: string) => frame.evaluate((id) => {
  const element = document.getElementById(id)!;
  const box = element.getBoundingClientRect();
  const at = [0.25, 0.5, 0.75];
  return box.width > 0 && at.every((u) => at.every((v) => element.contains(document.elementFromPoint(box.x + box.width * u, box.y + box.height * v))));
}, id);

describe('a homeowner on an installer’s page designs their roof and asks for a quote', { skip }, () => {
  let ctx: ListeningContext;
  let pvgis: PvgisStandIn;
  let browser: Browser;
  let key: string;
  let accountId: number;
  let map: ReturnType<typeof street>;
  let host: Awaited<ReturnType<typeof installerPage>>;
  let folder: string;
  before(async () => {
    pvgis = await PvgisStandIn.start(recording!);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-street-'));
    map = street(folder);
    ctx = await createListeningContext({ workers: 1, realGenerator: true, irradiance: new PvgisClient({ baseUrl: pvgis.baseUrl }), env: { OSM_EXTRACT: map.file } });
    key = await ctx.createKey('business', 'installer@sunny.example');
    const accounts = new AccountsRepository(ctx.database.db);
    accountId = (await accounts.findByEmail('installer@sunny.example'))!.id;
    await accounts.updateProfile(accountId, { companyName: 'Sunny Roofs', leadCapture: true, notificationEmail: 'leads@sunny.example', privacyUrl: null });
    // An installer working in pounds: its visitors' designs start from its prices.
    await accounts.updatePrices(accountId, { currency: 'GBP', costPerKwp: 1250, tariff: 0.245, exportTariff: 0.15 });
    host = await installerPage(`${ctx.baseUrl}/embed?lat=${SITE.lat}&lng=${SITE.lng}&key=${key}`);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await host?.close();
    await ctx?.close();
    await pvgis?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  test('on a phone (390 × 844, touch): a tap designs the roof, which stays in view above the collapsed sheet; the quote carries the roof', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const modelRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/viewer\/models|\.glb/.test(request.url())) modelRequests.push(request.url());
    });
    await page.goto(host.url);
    const frame = page.frames().find((f) => f.url().includes('/embed'))!;
    // A touch screen's embed opens on its start card: nothing of the model is asked for before the tap.
    await frame.getByRole('button', { name: 'Show in 3D' }).waitFor();
    assert.equal(await frame.locator('#app').getAttribute('data-state'), 'offer');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'embed-start-card-phone.png') });
    assert.equal(modelRequests.length, 0, `no model asked for before the visitor taps: ${modelRequests.join(', ')}`);
    await frame.getByRole('button', { name: 'Show in 3D' }).tap();
    await frame.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    assert.ok(modelRequests.some((url) => url.endsWith('.glb')), 'the tap opened the model');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'embed-started-phone.png') });
    // The wizard opens on the building at the embed's point, the visitor's house.
    await frame.locator('#wizard-toggle').tap();
    const design = await wizardSettled(frame);
    assert.equal(design.state, 'done', await frame.locator('#wizard-status').textContent() ?? '');
    assert.equal(design.roof, map.house, 'the house at the embed’s point');
    assert.equal(design.sheet, 'collapsed', 'the sheet stays collapsed over the design');
    assert.equal(design.existingSolar, '1');
    assert.match(await frame.locator('#wizard-status').textContent() ?? '', /The PV already on this roof stays; new panels go around it\./, 'the visitor is told why a patch of the roof stays free');
    const sheet = (await frame.locator('#side-panel').boundingBox())!;
    assert.ok(sheet.height < 200, `the collapsed sheet leaves the view free: ${sheet.height} px of 560`);
    const distance = Number(await frame.locator('#app').getAttribute('data-camera-distance'));
    assert.ok(distance >= 40 && distance <= 300, `the roof is framed with its street around it, not filling the screen: ${distance} m`);
    assert.ok(await onTop(frame, 'wizard-start-over'), 'Start over is in view');
    assert.ok(await onTop(frame, 'quote-button'), 'Get a quote is in view, under nothing');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'phone-design.png') });

    // The roof is in the middle of the free part of the view: after Start over, a tap there finds it again.
    await frame.locator('#wizard-start-over').tap();
    assert.match(await frame.locator('#wizard-status').textContent() ?? '', /Tap a roof/, 'touch wording');
    const centre = await freeViewCentre(page, frame);
    await page.touchscreen.tap(centre.x, centre.y);
    assert.equal((await wizardSettled(frame)).roof, map.house, 'the designed roof is where the view is free');

    await frame.locator('#wizard-sheet').tap();
    assert.equal((await wizardState(frame)).sheet, 'expanded');
    assert.match(await frame.locator('#wizard-legend').textContent() ?? '', /kWh a year per panel/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'phone-design-expanded.png') });
    // The prices' fields fit the sheet's columns: nothing in it scrolls sideways.
    await frame.locator('#wizard-settings summary').tap();
    const sideways = await frame.locator('#wizard-details').evaluate((node) => {
      const edge = node.getBoundingClientRect().right;
      // Each field within its own column (its label's box), and that within the sheet.
      const beyond = [...node.querySelectorAll('.settings-grid input, .settings-grid select')].filter((field) => {
        const box = field.getBoundingClientRect();
        return box.right > field.closest('label')!.getBoundingClientRect().right + 0.5 || box.right > edge - 1;
      });
      return { overflow: node.scrollWidth - node.clientWidth, beyond: beyond.map((field) => field.id) };
    });
    assert.deepEqual(sideways, { overflow: 0, beyond: [] }, 'the prices stay inside the sheet');
    await frame.locator('#wizard-settings summary').tap();

    // A pitch typed in the roof fields is applied as the finger leaves the field, for the next tap: the
    // design is worked out again while the finger is on a button, and the buttons do not move meanwhile.
    const toggleAt = () => frame.evaluate(() => Math.round(document.getElementById('wizard-sheet')!.getBoundingClientRect().y));
    const resting = await toggleAt();
    await frame.evaluate(() => {
      const toggle = document.getElementById('wizard-sheet')!;
      const seen = ((window as unknown as { toggleSeen: number[] }).toggleSeen = [] as number[]);
      new MutationObserver(() => seen.push(Math.round(toggle.getBoundingClientRect().y))).observe(document.getElementById('side-panel')!, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await frame.locator('#roof-pitch').tap();
    await frame.locator('#roof-pitch').fill('25');
    await frame.locator('#roof-pitch').blur();
    // The figures on screen belong to the roof before: they are marked as being worked out again at once,
    // not only once the roof builder is fetched and the roof redrawn.
    assert.equal((await wizardState(frame)).state, 'working', 'the design is redone from the moment the pitch is changed');
    assert.equal((await wizardSettled(frame)).state, 'done');
    const seen = await frame.evaluate(() => (window as unknown as { toggleSeen: number[] }).toggleSeen);
    assert.ok(seen.length > 3, `the design was worked out again: ${seen.length} changes seen`);
    assert.deepEqual([...new Set(seen)], [resting], `"Hide the design" stays at ${resting} px while the design is worked out`);
    // The report's picture of the view is cut to a wide band across the phone's tall view, where the roof is.
    const [report] = await Promise.all([page.waitForRequest('**/api/viewer/report'), frame.locator('#wizard-report').tap()]);
    const snapshot = (report.postDataJSON() as { snapshot: string }).snapshot;
    const picture = await sharp(Buffer.from(snapshot.slice(snapshot.indexOf(',') + 1), 'base64')).metadata();
    assert.ok(picture.width! >= 380 && picture.height! <= picture.width! * 0.75 + 1, `a wide picture: ${picture.width} × ${picture.height}`);
    await frame.waitForFunction(() => document.getElementById('wizard-report')!.getAttribute('aria-disabled') !== 'true', undefined, { timeout: 30_000 });
    await frame.locator('#roof-pitch').tap();
    await frame.locator('#roof-pitch').fill('30');
    await frame.locator('#wizard-sheet').tap();
    assert.equal((await wizardState(frame)).sheet, 'collapsed', 'one tap hides the design');
    assert.equal((await wizardSettled(frame)).roofShape, 'gabled');

    await frame.locator('#quote-button').tap();
    const form = frame.locator('#quote-form');
    await form.getByLabel('Name').fill('Ada Homeowner');
    await form.getByLabel('E-mail').fill('ada@home.example');
    await form.getByLabel('Address of the house').fill('Via Roma 1, Asti');
    await form.locator('input[name="consent"]').check();
    assert.match(await frame.locator('#quote-configuration').textContent() ?? '', /panels/);
    await frame.locator('#quote-send').tap();
    await frame.waitForSelector('#quote-dialog[data-state="sent"]', { timeout: 15_000 });
    // Sent, the form gives way to the answer and a Close button, which has the focus and closes it.
    assert.equal(await form.getByLabel('Name').isVisible(), false, 'the emptied fields are not offered again');
    assert.equal(await frame.locator('#quote-send').isVisible(), false);
    assert.equal(await frame.evaluate(() => document.activeElement?.id), 'quote-done');
    await frame.locator('#quote-done').tap();
    assert.equal(await frame.locator('#quote-dialog').evaluate((dialog) => (dialog as HTMLDialogElement).open), false);
    const { leads } = await new LeadsRepository(ctx.database.db).page(accountId, 0, 10);
    const sent = leads.find((lead) => lead.email === 'ada@home.example')!.configuration;
    assert.equal(sent.roof, map.house);
    assert.ok(Math.abs(sent.roofLatitude! - map.houseAt.lat) < 2e-5 && Math.abs(sent.roofLongitude! - map.houseAt.lng) < 3e-5, `the roof’s own location: ${sent.roofLatitude}, ${sent.roofLongitude}`);
    assert.ok(sent.panels! > 0 && sent.kwp! > 0 && sent.annualKwh! > 0 && sent.goal === 'maximize_energy', JSON.stringify(sent));
    await context.close();
  });

  test('on a small phone (360 × 640): the expanded sheet and the heatmap card leave every toolbar button free, and stay clear of it', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${ctx.baseUrl}/embed?lat=${SITE.lat}&lng=${SITE.lng}&key=${key}`);
    const frame = page.mainFrame();
    await frame.getByRole('button', { name: 'Show in 3D' }).tap();
    await frame.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    await frame.locator('#wizard-toggle').tap();
    assert.equal((await wizardSettled(frame)).state, 'done');
    await frame.locator('#wizard-sheet').tap();
    assert.equal((await wizardState(frame)).sheet, 'expanded');
    assert.ok(await wholeOnTop(frame, 'wizard-close'), 'no toolbar button lies over any part of the sheet’s close button');
    for (const id of await frame.locator('#toolbar button:visible').evaluateAll((buttons) => buttons.map((button) => button.id))) assert.ok(await onTop(frame, id), `${id} is free`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'phone-small-sheet.png') });
    await frame.locator('#wizard-sheet').tap();
    await frame.locator('#heatmap-toggle').tap();
    await frame.locator('#heatmap-legend').waitFor({ state: 'visible' });
    await frame.waitForFunction(() => /Traced/.test(document.getElementById('heatmap-status')?.textContent ?? ''), undefined, { timeout: 60_000 });
    assert.ok(await wholeOnTop(frame, 'heatmap-period'), 'no toolbar button lies over the heatmap’s period');
    const card = (await frame.locator('#heatmap-legend').boundingBox())!;
    for (const button of await frame.locator('#toolbar button:visible').all()) {
      const box = (await button.boundingBox())!;
      const overlaps = card.x < box.x + box.width && box.x < card.x + card.width && card.y < box.y + box.height && box.y < card.y + card.height;
      assert.ok(!overlaps, `the heatmap card keeps clear of ${await button.getAttribute('id')}: card ${JSON.stringify(card)}, button ${JSON.stringify(box)}`);
    }
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'phone-small-heatmap.png') });
    // On a touch screen the measure tool says "tap".
    await frame.locator('#measure-toggle').tap();
    await frame.getByText('Tap a first point on the model.').waitFor({ state: 'visible' });
    await context.close();
  });

  test('in a frame 800 and 960 px wide: the address box keeps clear of the open wizard and of “Get a quote”', async () => {
    for (const width of [800, 960]) {
      const page = await browser.newPage({ viewport: { width, height: 700 } });
      await page.goto(`${ctx.baseUrl}/embed?lat=${SITE.lat}&lng=${SITE.lng}&key=${key}`);
      const frame = page.mainFrame();
      await frame.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
      await frame.locator('#wizard-toggle').click();
      assert.equal((await wizardSettled(frame)).state, 'done');
      assert.ok(await wholeOnTop(frame, 'quote-button'), `${width} px: nothing lies over “Get a quote”`);
      const [search, panel] = [(await frame.locator('#place-search').boundingBox())!, (await frame.locator('#side-panel').boundingBox())!];
      assert.ok(search.x >= panel.x + panel.width || search.y >= panel.y + panel.height, `${width} px: the address box ${JSON.stringify(search)} is clear of the wizard ${JSON.stringify(panel)}`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `embed-${width}-wizard.png`) });
      await page.close();
    }
  });

  test('on a desktop (1280 × 800): the panel leaves the roof in view; the chart has a kWh axis, months and values on hover', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(host.url);
    const frame = page.frames().find((f) => f.url().includes('/embed'))!;
    await frame.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    await frame.locator('#wizard-toggle').click();
    assert.equal((await wizardSettled(frame)).roof, map.house, 'the wizard opens on the house at the embed’s point');
    await frame.locator('#wizard-start-over').click();
    assert.match(await frame.locator('#wizard-status').textContent() ?? '', /Click a roof/);
    const free = await freeViewCentre(page, frame);
    await page.mouse.click(free.x, free.y);
    assert.equal((await wizardSettled(frame)).roof, map.house, 'the designed roof is beside the panel, not under it');
    assert.ok(await onTop(frame, 'wizard-start-over'), 'Start over is in view');
    assert.ok(await onTop(frame, 'quote-button'), 'Get a quote is in view, under nothing');
    const labels = await frame.locator('#wizard-chart svg text').allTextContents();
    assert.ok(labels.includes('kWh') && labels.includes('Jan') && labels.includes('Dec') && labels.some((label) => /^\d[\d,]*$/.test(label) && label !== '0'), `axis and months: ${labels.join(' ')}`);
    const june = frame.locator('#wizard-chart .chart-hit[data-month="5"]');
    await june.hover();
    assert.match(await frame.locator('#wizard-chart .chart-value').textContent() ?? '', /^June: [\d,]+ kWh$/);
    // The installer's prices and currency: the cost is its 1,250 GBP a kWp, in pounds.
    const kwp = Number((await frame.locator('#fig-kwp').textContent() ?? '').replace(/[^\d.]/g, ''));
    const cost = Number((await frame.locator('#fig-cost').textContent() ?? '').replace(/[£,]/g, ''));
    assert.match(await frame.locator('#fig-cost').textContent() ?? '', /^£[\d,]+$/);
    assert.ok(Math.abs(cost - kwp * 1250) <= 1250 * 0.006 + 1, `£${cost} for ${kwp} kWp at £1,250 a kWp`);
    assert.equal(await frame.locator('#set-tariff').inputValue(), '0.245');
    assert.equal(await frame.locator('#set-cost-label').textContent(), 'Installed cost (GBP/kWp)');
    // A visitor types their own price and clicks for the report at once: the report is of that price.
    await frame.locator('#wizard-settings summary').click();
    await frame.locator('#set-cost').fill('1500');
    const [request] = await Promise.all([page.waitForRequest('**/api/viewer/report'), frame.locator('#wizard-report').click()]);
    const sent = request.postDataJSON() as { design: { cost: number; kwp: number; assumptions: { currency: string; costPerKwp: number }; faces: { racks?: boolean; areaM2?: number }[]; roof?: { id: string; source: string; latitude: number } } };
    assert.deepEqual([sent.design.assumptions.currency, sent.design.assumptions.costPerKwp], ['GBP', 1500]);
    // The report names the roof the panels are on, as the quote request does, and how it is known.
    assert.equal(sent.design.roof?.id, await frame.locator('#side-panel').getAttribute('data-roof'), JSON.stringify(sent.design.roof));
    assert.ok(Math.abs(sent.design.roof!.latitude - SITE.lat) < 0.01, `the roof’s own point: ${JSON.stringify(sent.design.roof)}`);
    assert.ok(['osm-tag', 'inferred', 'default', 'model'].includes(sent.design.roof!.source), JSON.stringify(sent.design.roof));
    assert.ok(sent.design.faces.every((face) => typeof face.racks === 'boolean' && face.areaM2! > 0), `each face says its area and whether it has racks: ${JSON.stringify(sent.design.faces)}`);
    assert.ok(Math.abs(sent.design.cost - sent.design.kwp * 1500) < 1, `the report's cost is of the price typed: £${sent.design.cost} for ${sent.design.kwp} kWp`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'desktop-design.png') });
    await page.close();
  });

  test('an address point in front of the house (its garden): the house is outlined and the pin stands in the middle of its roof, not on the lawn', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${ctx.baseUrl}/embed?lat=${SITE.lat - 9 / 111_320}&lng=${SITE.lng}&key=${key}`);
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    await page.waitForFunction(() => document.getElementById('app')!.dataset.pin !== undefined);
    const app = page.locator('#app');
    assert.equal(await app.getAttribute('data-my-building'), map.house);
    const [markerEast, markerNorth] = (await app.getAttribute('data-marker'))!.split(',').map(Number);
    const [pinEast, pinNorth] = (await app.getAttribute('data-pin'))!.split(',').map(Number);
    // The house (14 × 10 m) stands 4–14 m north of the point, its middle on the point's meridian.
    const north = pinNorth! - markerNorth!;
    // Met at its wall 4 m from the point, the pin stands in the middle of the house, 9 m north on its meridian.
    assert.ok(Math.abs(pinEast! - markerEast!) < 1 && Math.abs(north - 9) < 1, `the pin stands ${north.toFixed(1)} m north, ${(pinEast! - markerEast!).toFixed(1)} m east of the point`);
    await page.close();
  });

  test('a visitor without Pro gets the preview: the panel count and the prompt, and no kWh figure anywhere in the page', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${ctx.baseUrl}/viewer?lat=${SITE.lat}&lng=${SITE.lng}&wizard=maximize_energy&roofLat=${map.houseAt.lat}&roofLng=${map.houseAt.lng}`);
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    const state = await wizardSettled(page.mainFrame());
    assert.equal(state.state, 'done');
    assert.equal(state.access, 'preview');
    assert.equal(state.annualKwh, undefined);
    assert.match(await page.locator('#fig-panels').textContent() ?? '', /^\d+$/);
    assert.ok(await page.locator('#wizard-upgrade').isVisible());
    const dom = await page.evaluate(() => document.documentElement.outerHTML);
    const figure = /.{0,80}(\d\s*(kWh|kWp|kg\/year)|€\s*\d|payback).{0,40}/i.exec(dom);
    assert.equal(figure, null, `no yield, power, money or payback figure in the DOM: ${figure?.[0]}`);
    assert.equal(await page.locator('#wizard-chart, #fig-kwh, #fig-payback').count(), 0);
    await page.close();
  });
});
