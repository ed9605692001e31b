import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Frame, Page } from 'playwright-core';
import { AccountsRepository } from '../../src/db/accounts-repository.ts';
import { SAMPLE_PLACE } from '../../src/domain/sample-place.ts';
import { SCREENSHOT_DIR } from '../helpers/screenshot-dir.ts';
import { browserSkipReason, launchBrowser } from '../helpers/browser.ts';
import { createListeningContext, type ListeningContext } from '../helpers/listening-service.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';
import { PhotonStandIn } from '../stand-ins/photon-stand-in.ts';

const EXTRACT = 'osm/monaco-latest.osm.pbf';
const extract = sharedDataFile(EXTRACT);
// The embed's place: the sea off Monaco, 300 m from any building in OpenStreetMap.
const SEA = { lat: 43.7215, lng: 7.4365 };
// A real address of the extract (OSM way 49209622 carries addr:street "Avenue des Pins", addr:housenumber 1).
const ADDRESS = { typed: 'Avenue des Pins 1', building: 'way/49209622' };
const skip = browserSkipReason() ?? (extract ? false : missingSharedData(EXTRACT));

/** An installer's own page on another origin, framing the embed as the portal's snippet does. */
async function installerSite(embedUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sunny Roofs Ltd</title></head>
<body style="margin:0;font-family:sans-serif"><h1 style="font-size:20px;margin:12px">Sunny Roofs: see your roof in 3D</h1>
<iframe src="${embedUrl}" allow="fullscreen; geolocation" style="width:100%;height:560px;border:0" title="3D solar view"></iframe></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The installer page's embed once it shows `state`: `offer` (a touch screen's start card) or `ready`. */
async function embedFrame(page: Page, state: 'offer' | 'ready' = 'ready'): Promise<Frame> {
  await page.waitForSelector('iframe');
  const frame = page.frames().find((f) => f.url().includes('/embed?'));
  assert.ok(frame, 'the installer page frames the embed');
  await frame.waitForSelector(`#app[data-state="${state}"]`, { timeout: 90_000 });
  return frame;
}

describe('find my house: address search in an installer’s embed (Chromium, Monaco extract)', { skip }, () => {
  let ctx: ListeningContext;
  let photon: PhotonStandIn;
  let site: { url: string; close(): Promise<void> };
  let browser: Browser;
  let key: string;
  before(async () => {
    photon = await PhotonStandIn.start([{ file: extract!, country: { code: 'MC', name: 'Monaco' } }]);
    ctx = await createListeningContext({ workers: 1, realGenerator: true, env: { OSM_EXTRACT: extract!, GEOCODER_URL: photon.url } });
    // An installer who takes quote requests: "Get a quote" sits under the address box on a phone.
    key = await ctx.createKey('business', 'installer@find.example');
    const accounts = new AccountsRepository(ctx.database.db);
    await accounts.updateProfile((await accounts.findByEmail('installer@find.example'))!.id, { companyName: 'Sunny Roofs', leadCapture: true, notificationEmail: 'leads@find.example', privacyUrl: null });
    site = await installerSite(`${ctx.baseUrl}/embed?lat=${SEA.lat}&lng=${SEA.lng}&key=${key}`);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await ctx?.close();
    await photon?.close();
  });

  test('phone 390×844: the sea says no buildings are mapped; a searched address is marked, outlined and opened in the wizard', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(site.url);
    const frame = await embedFrame(page, 'offer');
    await frame.getByRole('button', { name: 'Show in 3D' }).tap();
    await frame.locator('#empty-place').getByText('No buildings are mapped here yet').waitFor({ state: 'visible' });
    assert.equal(await frame.locator('#app').getAttribute('data-empty'), 'true');
    const card = (await frame.locator('#empty-place').boundingBox())!;
    for (const button of await frame.locator('#toolbar button').all()) {
      const box = await button.boundingBox();
      const overlaps = box !== null && card.x < box.x + box.width && box.x < card.x + card.width && card.y < box.y + box.height && box.y < card.y + card.height;
      assert.ok(!overlaps, `the message leaves the toolbar's buttons free: card ${JSON.stringify(card)}, button ${JSON.stringify(box)}`);
    }
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'embed-no-buildings-phone.png') });

    await frame.locator('#place-input').tap();
    await frame.locator('#place-input').fill(ADDRESS.typed);
    const option = frame.getByRole('option', { name: /Avenue des Pins 1/ });
    await option.waitFor();
    assert.equal(await frame.locator('#place-input').getAttribute('aria-expanded'), 'true');
    await option.tap();
    await frame.waitForFunction((id) => document.getElementById('app')!.dataset.myBuilding === id && document.getElementById('app')!.dataset.state === 'ready', ADDRESS.building, { timeout: 90_000 });
    assert.equal(await frame.locator('#empty-place').isVisible(), false, 'the no-buildings message is gone');
    await frame.waitForFunction((id) => document.getElementById('side-panel')!.dataset.roof === id, ADDRESS.building, { timeout: 30_000 });
    // The chosen address is said to screen readers, not written over the buttons under the box.
    assert.match(await frame.locator('#place-status').textContent() ?? '', /^Showing .*Avenue des Pins 1/);
    assert.equal(await frame.locator('#quote-button').isVisible(), true);
    for (const control of await frame.locator('#quote-button:visible, #toolbar button:visible, #place-locate').all()) {
      const reached = await control.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return element.contains(hit) || `${hit?.tagName}#${hit?.id}.${hit?.className} over ${JSON.stringify(box)}`;
      });
      assert.equal(reached, true, `a tap in the middle of ${await control.getAttribute('id')} reaches it`);
    }
    // The quote form takes the address the visitor searched.
    await frame.locator('#quote-button').tap();
    assert.match(await frame.locator('#quote-form input[name="address"]').inputValue(), /Avenue des Pins 1/);
    await frame.locator('#quote-close').tap();
    const frameBox = (await page.locator('iframe').boundingBox())!;
    assert.ok(frameBox.width <= 390, 'the embed fits the phone');
    // With the wizard put away, the pin and the outlined house are in view.
    await frame.locator('#wizard-close').tap();
    await frame.waitForFunction(() => document.getElementById('side-panel')!.hidden);
    await frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'embed-find-house-phone.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('phone: “use my location” on the start card asks the browser only when pressed, and opens the view at the house there', async () => {
    // The address's own point (the stand-in's answer for it), as a phone's GPS would give it.
    const here = { latitude: 43.7322412, longitude: 7.4266794 };
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, geolocation: here, permissions: ['geolocation'] });
    await context.addInitScript(() => {
      const geolocation = navigator.geolocation;
      const original = geolocation.getCurrentPosition.bind(geolocation);
      (globalThis as { geolocationAsks?: number }).geolocationAsks = 0;
      geolocation.getCurrentPosition = (...args: Parameters<Geolocation['getCurrentPosition']>) => {
        (globalThis as { geolocationAsks?: number }).geolocationAsks! += 1;
        original(...args);
      };
    });
    const page = await context.newPage();
    await page.goto(site.url);
    const frame = await embedFrame(page, 'offer');
    assert.equal(await frame.evaluate(() => (globalThis as { geolocationAsks?: number }).geolocationAsks), 0, 'no location asked before the press');
    await frame.locator('#place-locate').tap();
    await frame.waitForFunction((id) => document.getElementById('app')!.dataset.myBuilding === id && document.getElementById('app')!.dataset.state === 'ready', ADDRESS.building, { timeout: 90_000 });
    assert.equal(await frame.evaluate(() => (globalThis as { geolocationAsks?: number }).geolocationAsks), 1);
    await context.close();
  });

  test('the front page GET / at 390×844 and 1280×800: what the service does, the links on, the live viewer of the sample place, no sideways scrolling', async () => {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const page = await browser.newPage({ viewport });
      // The frame's viewer is the /viewer page the other tests drive; here it is not loaded (no model made).
      await page.route('**/viewer?**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>viewer</title>' }));
      const response = await page.goto(`${ctx.baseUrl}/`);
      assert.equal(response?.status(), 200);
      assert.match(response!.headers()['content-type'], /^text\/html/);
      assert.match(await page.getByRole('heading', { level: 1 }).textContent() ?? '', /roof/);
      for (const href of ['/docs', '/auth/signup', '/partner']) assert.equal(await page.locator(`main a[href="${href}"]`).count(), 1, `a link to ${href}`);
      assert.equal(await page.locator('iframe.live-viewer').getAttribute('src'), `/viewer?lat=${SAMPLE_PLACE.latitude}&lng=${SAMPLE_PLACE.longitude}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `no sideways scrolling at ${viewport.width} px (${overflow} px)`);
      await page.close();
    }
  });

  test('desktop 1280×800: the keyboard finds the address (arrows, Enter), Escape closes the list', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(site.url);
    const frame = await embedFrame(page);
    const input = frame.locator('#place-input');
    // The keyboard reaches the address box first of the page's controls (the view itself takes the focus before it).
    const order = await frame.evaluate(() => [...document.querySelectorAll<HTMLElement>('button:not([hidden]), input, a[href], select')].filter((element) => element.offsetParent !== null).map((element) => element.id));
    assert.equal(order[0], 'place-input', `the first control: ${order.slice(0, 4).join(', ')}`);
    await input.focus();
    await input.pressSequentially('Pins');
    await frame.getByRole('option').first().waitFor();
    await input.press('Escape');
    assert.equal(await input.getAttribute('aria-expanded'), 'false', 'Escape closes the list');
    await input.fill('');
    await input.pressSequentially(ADDRESS.typed);
    await frame.getByRole('option').first().waitFor();
    await input.press('ArrowDown');
    assert.equal(await input.getAttribute('aria-activedescendant'), 'place-option-0');
    await input.press('Enter');
    await frame.waitForFunction((id) => document.getElementById('app')!.dataset.myBuilding === id && document.getElementById('app')!.dataset.state === 'ready', ADDRESS.building, { timeout: 90_000 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'embed-find-house-desktop.png') });

    // The API's job says why the sea model is empty; the searched place was the key's (not billable) usage.
    const job = await fetch(`${ctx.baseUrl}/api/viewer/models`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ latitude: SEA.lat, longitude: SEA.lng, key }) }).then((r) => r.json() as Promise<{ status: string; metadata?: { buildings: number; reason?: string } }>);
    assert.equal(job.status, 'ready');
    assert.deepEqual(job.metadata, { buildings: 0, reason: 'no_buildings', message: 'No buildings are mapped here yet' });
    const usage = await ctx.database.db.selectFrom('usage_events').select(['kind', 'billable']).execute();
    assert.deepEqual(usage.map((row) => [row.kind, row.billable]).sort(), [['visitor_place', false], ['visitor_place', false]], 'the sea and the searched address, once each (the located point is the same place)');
    assert.ok(photon.queries.some((q) => q.get('q') === ADDRESS.typed), 'the search went to the geocoder');
    await page.close();
  });
});
