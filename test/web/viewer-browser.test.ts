import assert from 'node:assert/strict';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { readGround } from '../helpers/ground-measure.ts';
import { SCREENSHOT_DIR } from '../helpers/screenshot-dir.ts';
import { browserSkipReason, launchBrowser } from '../helpers/browser.ts';
import { createListeningContext, freePort, type ListeningContext } from '../helpers/listening-service.ts';
import { changedShare, colourExtent, distinctColours, readPng } from '../helpers/screenshot-pixels.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';

const EXTRACT = 'osm/monaco-latest.osm.pbf';
const extract = sharedDataFile(EXTRACT);
const terrain = sharedDataFile('terrain/N43E007.hgt.zip');
const MONACO = { lat: 43.7384, lng: 7.4246 };
const skip = browserSkipReason() ?? (extract ? false : missingSharedData(EXTRACT));

/** Waits until the page has drawn a frame after `afterFrames` (the viewer renders only on change). */
async function nextFrame(page: Page, afterFrames: number): Promise<number> {
  await page.waitForFunction((n) => Number(document.getElementById('app')!.dataset.frames) > n, afterFrames);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => Number(document.getElementById('app')!.dataset.frames));
}

const frames = (page: Page) => page.evaluate(() => Number(document.getElementById('app')!.dataset.frames ?? 0));

/** Sets the date and the time slider as a visitor would, and waits for the new shadows to be drawn. */
async function showMoment(page: Page, date: string, minutes: number): Promise<void> {
  const before = await frames(page);
  await page.fill('#date', date);
  await page.locator('#time').fill(String(minutes));
  await nextFrame(page, before);
}

const roofArea = (page: Page) => {
  const size = page.viewportSize()!;
  return { x: Math.round(size.width * 0.3), y: Math.round(size.height * 0.2), width: Math.round(size.width * 0.4), height: Math.round(size.height * 0.45) };
};

describe('the viewer in Chromium with a real Monaco model', { skip }, () => {
  let ctx: ListeningContext;
  let browser: Browser;
  let key: string;
  let embedUrl: string;
  before(async () => {
    ctx = await createListeningContext({ workers: 1, realGenerator: true, env: { OSM_EXTRACT: extract!, TERRAIN_DIR: terrain ? path.dirname(terrain) : '' } });
    key = await ctx.createKey();
    embedUrl = `${ctx.baseUrl}/embed?lat=${MONACO.lat}&lng=${MONACO.lng}&key=${key}`;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await ctx?.close();
  });

  test('a place outside the map data says so, and offers no retry that would fail the same way', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${ctx.baseUrl}/viewer?lat=45.5&lng=7.1`);
    await page.waitForSelector('#app[data-state="failed"]', { timeout: 30_000 });
    assert.match(await page.locator('#loading-step').textContent() ?? '', /^The model could not be generated: This place is outside the map data the service holds \(the OpenStreetMap extract monaco-latest\.osm\.pbf/);
    assert.equal(await page.locator('#retry').isHidden(), true, 'no "Try again"');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'viewer-outside-data.png') });
    await page.close();
  });

  test('the embed generates the model and shows it, with the attribution', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(embedUrl);
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 120_000 });
    await nextFrame(page, 0);
    const canvas = readPng(await page.locator('#stage canvas').screenshot());
    assert.ok(distinctColours(canvas) > 40, `the canvas shows a model (${distinctColours(canvas)} colours)`);
    await assert.doesNotReject(page.locator('#attribution').getByText('OpenStreetMap contributors').waitFor({ state: 'visible' }));
    assert.ok(await page.locator('#time-panel').isVisible(), 'the time controls are shown');
    // Street names are written on the roads once the model is shown (Monaco's 0.3 km holds dozens).
    await page.waitForSelector('#app[data-street-labels]', { state: 'attached', timeout: 15_000 });
    const labels = Number(await page.locator('#app').getAttribute('data-street-labels'));
    assert.ok(labels >= 10, `${labels} street names on the roads`);
    const numbers = Number(await page.locator('#app').getAttribute('data-house-numbers'));
    assert.ok(numbers >= 12, `${numbers} house numbers in front of the houses (most of Monaco's are address points inside the buildings)`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'viewer-embed.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('moving the time slider moves the shadows on the roofs', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(embedUrl);
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    await showMoment(page, '2026-06-21', 9 * 60);
    const morning = readPng(await page.screenshot({ clip: roofArea(page) }));
    const again = readPng(await page.screenshot({ clip: roofArea(page) }));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'viewer-morning.png') });
    await showMoment(page, '2026-06-21', 17 * 60);
    const afternoon = readPng(await page.screenshot({ clip: roofArea(page) }));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'viewer-afternoon.png') });
    assert.equal(changedShare(morning, again), 0, 'the same moment draws the same picture');
    const share = changedShare(morning, afternoon);
    assert.ok(share > 0.03, `shadows moved over ${(share * 100).toFixed(1)} % of the roof area`);
    assert.match(await page.locator('#clock').textContent() ?? '', /^17:00$/);
    await page.close();
  });

  test('the frame loop idles until the visitor moves the camera; the compass follows', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    await page.goto(embedUrl);
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    // Once, when the page is idle after the model, the heatmap is made ready (its shader's first draw
    // and its cells' upload, drawn over the view with no visible pixel); then the page idles.
    await page.waitForSelector('#heatmap-legend[data-prepared="true"]', { state: 'attached', timeout: 15_000 });
    const settled = await nextFrame(page, 0);
    await page.waitForTimeout(1200);
    assert.equal(await frames(page), settled, 'no frames while nothing changes');
    const heading = await page.locator('#compass').getAttribute('aria-label');
    await page.evaluate(() => {
      const canvas = document.querySelector('#stage canvas') as HTMLCanvasElement;
      const widths: number[] = ((window as unknown as { frameWidths: number[] }).frameWidths = []);
      new MutationObserver(() => widths.push(canvas.width)).observe(document.getElementById('app')!, { attributes: true, attributeFilter: ['data-frames'] });
    });
    const widths = () => page.evaluate(() => [...(window as unknown as { frameWidths: number[] }).frameWidths]);
    await page.mouse.move(500, 350);
    await page.mouse.down();
    await page.mouse.move(600, 350, { steps: 4 });
    // Held still amid the turn: no frame at rest yet (on a slow GPU it would outlast the pause, and
    // each would call the next), so the whole turn is drawn at its lowered resolution.
    await page.waitForTimeout(800);
    await page.mouse.move(700, 350, { steps: 4 });
    const turn = await widths();
    await page.mouse.up();
    assert.ok(await frames(page) > settled, 'dragging draws frames');
    const fullWidth = await page.locator('#stage canvas').evaluate((node: HTMLCanvasElement) => Math.round(node.clientWidth * devicePixelRatio));
    // Once the turn is drawn lowered (a slow GPU; it may step lower still), no frame of it is at full size.
    const lowered = turn.findIndex((width) => width < fullWidth);
    assert.ok(lowered === -1 || turn.slice(lowered).every((width) => width < fullWidth), `no frame at rest while turning: ${turn.join(', ')} (full ${fullWidth})`);
    await page.waitForFunction((full) => (window as unknown as { frameWidths: number[] }).frameWidths.at(-1) === full, fullWidth);
    assert.notEqual(await page.locator('#compass').getAttribute('aria-label'), heading, 'the compass turned with the view');
    await page.locator('#compass').click();
    await page.waitForFunction(() => /faces (0|359)°/.test(document.getElementById('compass')!.getAttribute('aria-label')!));

    // By keyboard, on the view itself: the arrows turn it (six presses a quarter turn to the right),
    // + zooms, Shift and an arrow move it over the ground.
    const camera = async () => {
      const app = page.locator('#app');
      return { distance: Number(await app.getAttribute('data-camera-distance')), at: await app.getAttribute('data-camera'), compass: await page.locator('#compass').getAttribute('aria-label') };
    };
    await page.locator('#stage').focus();
    const north = await camera();
    for (let press = 0; press < 6; press++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => /faces (89|90|91)°/.test(document.getElementById('compass')!.getAttribute('aria-label')!), null, { timeout: 10_000 });
    const east = await camera();
    assert.ok(Math.abs(east.distance - north.distance) < 0.2, `turning keeps the distance: ${north.distance} → ${east.distance}`);
    await page.keyboard.press('+');
    await page.waitForFunction((d) => Number(document.getElementById('app')!.dataset.cameraDistance) < d - 1, east.distance, { timeout: 10_000 });
    assert.ok(Math.abs((await camera()).distance - 0.8 * east.distance) < 0.5, `+ brings the camera to 0.8 of its distance: ${east.distance} → ${(await camera()).distance}`);
    const zoomed = await camera();
    await page.keyboard.press('Shift+ArrowUp');
    await page.waitForFunction((at) => document.getElementById('app')!.dataset.camera !== at, zoomed.at, { timeout: 10_000 });
    const moved = await camera();
    assert.equal(moved.compass, zoomed.compass, 'moving keeps the heading');
    await page.close();
  });

  test('touch (an embed with autostart=true opens the view at once): one finger turns the view, two fingers zoom', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await page.goto(`${embedUrl}&autostart=true`);
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    await nextFrame(page, 0);
    const panel = (await page.locator('#time-panel').boundingBox())!;
    assert.ok(panel.x >= 0 && panel.x + panel.width <= 390 && panel.y + panel.height <= 844, 'the time controls fit a phone screen');
    // No tooltip on a touch screen: the Solar Wizard's button says its name beside it until the first touch.
    await page.locator('#wizard-toggle').waitFor({ state: 'visible' });
    assert.equal(await page.locator('#wizard-toggle').getAttribute('data-hint'), 'Solar Wizard: place panels');
    assert.equal(await page.locator('#wizard-toggle').evaluate((button) => getComputedStyle(button, '::before').content), '"Solar Wizard: place panels"');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'viewer-phone.png') });
    const view = () => page.evaluate(() => document.getElementById('compass')!.getAttribute('aria-label'));
    const before = await view();
    await touchGesture(page, [[[150, 300], [260, 300]]]);
    assert.notEqual(await view(), before, 'one finger turned the view');
    assert.equal(await page.locator('#wizard-toggle').getAttribute('data-hint'), null, 'the name goes at the first touch');
    const distance = () => page.evaluate(() => Number(document.getElementById('app')!.dataset.cameraDistance));
    const far = await distance();
    await touchGesture(page, [[[195, 350], [195, 250]], [[195, 450], [195, 550]]]);
    const near = await distance();
    assert.ok(near < far * 0.8, `spreading two fingers zoomed in: the camera went from ${far} m to ${near} m`);
    await page.close();
  });

  test('orbiting low all round a house on the hillside keeps the camera over the ground the model draws', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    const model = page.waitForResponse((response) => response.url().endsWith('.glb'));
    // Boulevard du Jardin Exotique: the ground rises 60 m within 240 m north of the house.
    await page.goto(`${ctx.baseUrl}/embed?lat=43.7313&lng=7.4137&key=${key}`);
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 90_000 });
    const ground = await readGround(new Uint8Array(await (await model).body()));
    let drawn = await nextFrame(page, 0);
    // Dragging upwards lowers the camera to the lowest the controls allow, then the view turns all round.
    await page.mouse.move(500, 460);
    await page.mouse.down();
    await page.mouse.move(500, 60, { steps: 6 });
    await page.mouse.up();
    const seen: string[] = [];
    for (let step = 0; step < 5; step++) {
      drawn = await nextFrame(page, drawn);
      const [x, y, z] = (await page.locator('#app').getAttribute('data-camera'))!.split(',').map(Number);
      const under = ground(x, z);
      seen.push(`${x},${y},${z}: ground ${under?.toFixed(1)}`);
      assert.ok(under === undefined || y >= under + 1, `the camera stands over the ground: ${seen.join(' | ')}`);
      await page.mouse.move(300, 350);
      await page.mouse.down();
      await page.mouse.move(480, 350, { steps: 4 });
      await page.mouse.up();
    }
    assert.ok(seen.some((line) => !line.endsWith('undefined')), 'the camera stood over the model');
    await page.close();
  });

  test('phone and desktop: a building drawn in parts is outlined whole and brought wholly into the opening view, its pin with it, and the wizard designs on all of it (Monaco’s Tour Odéon: a podium and a 170 m tower)', async () => {
    const sizes = [
      { name: 'phone', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
      { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
    ];
    for (const { name, options } of sizes) {
      const page = await browser.newPage(options);
      // The point is on the podium (way/627772921); the tower is a part of its own rising beside it.
      await page.goto(`${ctx.baseUrl}/embed?lat=43.7480&lng=7.43015&key=${key}&autostart=true`);
      await page.waitForFunction(() => document.getElementById('app')!.dataset.myBuilding && document.getElementById('app')!.dataset.state === 'ready', null, { timeout: 90_000 });
      await nextFrame(page, await frames(page));
      assert.equal(await page.locator('#app').getAttribute('data-my-building'), 'way/627772921');
      assert.equal(await page.locator('#app').getAttribute('data-my-building-pieces'), '2', 'the podium and the tower are outlined');
      assert.equal(await page.getByRole('application').getAttribute('aria-describedby'), 'stage-description');
      assert.equal(await page.locator('#stage-description').textContent(), 'Your building is marked with a red pin and outlined in yellow.', 'screen readers are told what the marks show');
      // The house's outline (#facc15) and pin (#dc2626), drawn over everything, stay clear of the panels
      // over the view: the address box above, the toolbar's column on the right, the time controls below.
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `viewer-${name}-large-house.png`) });
      const search = (await page.locator('#place-search').boundingBox())!;
      const time = (await page.locator('#time-panel').boundingBox())!;
      const toolbar = (await page.locator('#toolbar').boundingBox())!;
      // The view alone, the controls over it made invisible where they are (the compass's needle is red too).
      await page.evaluate(() => document.querySelectorAll<HTMLElement>('#place-search, #toolbar, #time-panel').forEach((element) => (element.style.visibility = 'hidden')));
      const shot = readPng(await page.screenshot());
      const outline = colourExtent(shot, [0xfa, 0xcc, 0x15], 30);
      const marker = colourExtent(shot, [0xdc, 0x26, 0x26], 30);
      const sides = `toolbar from x ${toolbar.x}, address box to y ${search.y + search.height}, time controls from y ${time.y}`;
      assert.ok(outline.count > 100 && marker.count > 10, `${name}: the outline and the pin are drawn (${outline.count}, ${marker.count} pixels)`);
      assert.ok(outline.bottom - outline.top > 1.5 * (outline.right - outline.left), `${name}: the tower is outlined with the podium: ${JSON.stringify(outline)}`);
      for (const [what, extent] of [['outline', outline], ['pin', marker]] as const) {
        assert.ok(extent.left > 2 && extent.right < toolbar.x && extent.top > search.y + search.height && extent.bottom < time.y, `${name}: the ${what} ${JSON.stringify(extent)} is within the view left free (${sides})`);
      }
      if (name === 'desktop') {
        // The Solar Wizard opens on the house and designs on the whole building, not on the piece under the pin.
        await page.evaluate(() => document.querySelectorAll<HTMLElement>('#place-search, #toolbar, #time-panel').forEach((element) => (element.style.visibility = '')));
        await page.locator('#wizard-toggle').click();
        await page.waitForFunction(() => ['done', 'empty', 'error'].includes(document.getElementById('side-panel')!.dataset.state ?? ''), null, { timeout: 60_000 });
        assert.equal(await page.locator('#side-panel').getAttribute('data-roof-pieces'), '2', 'the podium and the tower are designed on');
        assert.equal(await page.locator('#wizard-faces').getAttribute('data-faces'), '2', 'panels on the podium’s roof and on the tower’s');
      }
      await page.close();
    }
  });

  test('inside a partner’s iframe: the model shows and fullscreen works only when the iframe allows it', async () => {
    const hostPort = await freePort();
    const host = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Installer</title><h1>Our solar offer</h1>
<iframe id="allowed" src="${embedUrl}" allow="fullscreen" width="800" height="500"></iframe>
<iframe id="plain" src="${embedUrl}" width="400" height="300"></iframe>`);
    });
    await new Promise<void>((resolve) => host.listen(hostPort, '127.0.0.1', resolve));
    try {
      const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
      await page.goto(`http://localhost:${hostPort}/`);
      const allowed = page.frameLocator('#allowed');
      const plain = page.frameLocator('#plain');
      await allowed.locator('#app[data-state="ready"]').waitFor({ timeout: 60_000 });
      await plain.locator('#app[data-state="ready"]').waitFor({ timeout: 60_000 });
      await allowed.locator('#fullscreen').click();
      // Going fullscreen took over 5 s once, in a full suite run with two other browsers busy on the machine.
      await allowed.locator('#fullscreen[aria-pressed="true"]').waitFor({ timeout: 20_000 });
      const allowedFrame = (await (await page.$('#allowed'))!.contentFrame())!;
      assert.equal(await allowedFrame.evaluate(() => document.fullscreenElement === document.documentElement), true, 'the viewer went fullscreen');
      await allowedFrame.evaluate(() => document.exitFullscreen());
      await allowed.locator('#fullscreen[aria-pressed="false"]').waitFor({ timeout: 20_000 });
      await plain.locator('#fullscreen').click();
      await plain.locator('#notice').getByText('Fullscreen is not available here').waitFor({ timeout: 5000 });
      const plainFrame = (await (await page.$('#plain'))!.contentFrame())!;
      assert.equal(await plainFrame.evaluate(() => document.fullscreenElement), null);
      await page.close();
    } finally {
      host.close();
    }
  });
});

describe('the viewer while a model is made, and when it fails (test generator)', { skip: browserSkipReason() ?? false }, () => {
  let ctx: ListeningContext;
  let browser: Browser;
  const stepDelay = process.env.TEST_GENERATOR_STEP_MS;
  before(async () => {
    // Slow steps, so the page sees each one; the workers read this when they start.
    process.env.TEST_GENERATOR_STEP_MS = '900';
    ctx = await createListeningContext({ workers: 1 });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await ctx?.close();
    if (stepDelay === undefined) delete process.env.TEST_GENERATOR_STEP_MS;
    else process.env.TEST_GENERATOR_STEP_MS = stepDelay;
  });

  test('the loading card shows the job’s real steps and percentages', async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { progressSeen: string[] }).progressSeen = []);
      new MutationObserver(() => {
        const text = `${document.getElementById('loading-step')?.textContent} ${document.getElementById('loading-percent')?.textContent}`;
        if (seen.at(-1) !== text) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`${ctx.baseUrl}/viewer?lat=45.1&lng=8.1`);
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 30_000 });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    assert.ok(seen.some((text) => /^Building roofs… 40\s?%$/.test(text)), `the job's step and progress were shown: ${seen.join(' | ')}`);
    assert.ok(seen.some((text) => /^Writing GLB… 90\s?%$/.test(text)), `later steps too: ${seen.join(' | ')}`);
    await page.close();
  });

  test('a failed generation says so in plain words, keeps the service\'s reason as the detail, and offers a retry that starts again', async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    await page.goto(`${ctx.baseUrl}/viewer?lat=-10&lng=5`);
    await page.waitForSelector('#app[data-state="failed"]', { timeout: 30_000 });
    // The visitor is told in plain words; the service's reason is kept as the detail, without the job step's "Failed:".
    assert.equal(await page.locator('#loading-step').textContent(), 'The 3D model could not be made just now. Please try again in a moment.');
    assert.match(await page.locator('#loading-step').getAttribute('data-reason') ?? '', /^Overpass answered 504 Gateway Timeout/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'viewer-failed.png') });
    await page.locator('#retry').click();
    await page.waitForSelector('#app[data-state="loading"]');
    assert.equal(await page.locator('#retry').isHidden(), true);
    await page.close();
  });

  test('/embed?lang=de shows German: page text, labels, the time panel and the html lang', async () => {
    const key = await ctx.createKey();
    for (const viewport of [{ width: 1280, height: 800, name: 'desktop' }, { width: 390, height: 844, name: 'phone' }]) {
      const page = await browser.newPage({ viewport, locale: 'en-GB' });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${ctx.baseUrl}/embed?lat=47.141&lng=9.5209&lang=de&key=${key}`);
      await page.waitForSelector('#app[data-state="ready"]', { timeout: 30_000 });
      assert.equal(await page.getAttribute('html', 'lang'), 'de');
      assert.equal(await page.title(), 'Solar-Viewer');
      assert.equal(await page.getAttribute('#wizard-toggle', 'title'), 'Solar-Assistent: Module platzieren (P)');
      assert.equal(await page.getAttribute('#compass', 'title'), 'Ansicht nach Norden drehen');
      assert.match(await page.locator('#attribution').textContent() ?? '', /Kartendaten © OpenStreetMap-Mitwirkende/);
      assert.match(await page.locator('#sunrise').textContent() ?? '', /^Sonnenaufgang \d\d:\d\d$/);
      assert.match(await page.locator('#sun-info').textContent() ?? '', /^Sonne (\d+° hoch, (N|NO|O|SO|S|SW|W|NW) \(\d+°\)|unter dem Horizont)$/);
      await page.locator('#wizard-toggle').click();
      assert.equal(await page.locator('#wizard-title').textContent(), 'Solar-Assistent');
      assert.equal(await page.locator('#wizard-goal option[value="cover_bill"]').textContent(), 'Meine Stromrechnung decken');
      assert.equal(await page.locator('#wizard-status').textContent(), 'Klicken Sie auf ein Dach, um Module darauf zu platzieren.');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `viewer-german-${viewport.name}.png`) });
      assert.deepEqual(errors, []);
      await page.close();
    }
  });

  test('without lang: the request’s Accept-Language, else the browser’s navigator.languages, else English', async () => {
    const cases = [
      { headers: { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.5' }, locale: 'fr-CH', expected: 'fr', title: 'Visionneuse solaire' },
      // A language the service does not speak in the header: the browser's own list decides.
      { headers: { 'accept-language': 'pt-BR' }, locale: 'nl-NL', expected: 'nl', title: 'Zonneviewer' },
      { headers: { 'accept-language': 'ja' }, locale: 'ja-JP', expected: 'en', title: 'Solar viewer' },
    ];
    for (const { headers, locale, expected, title } of cases) {
      const context = await browser.newContext({ locale, extraHTTPHeaders: headers });
      const page = await context.newPage();
      await page.goto(`${ctx.baseUrl}/viewer?lat=45.1&lng=8.1`);
      await page.waitForSelector('#app[data-language]');
      assert.equal(await page.getAttribute('html', 'lang'), expected, `${locale}, ${headers['accept-language']}`);
      assert.equal(await page.title(), title);
      await context.close();
    }
  });
});

/** Touch gestures as a phone's screen sends them (through Chromium's input pipeline): each finger moves from its start to its end. */
async function touchGesture(page: Page, fingers: [[number, number], [number, number]][]): Promise<void> {
  const before = await frames(page);
  const cdp = await page.context().newCDPSession(page);
  const at = (step: number) => fingers.map(([[x0, y0], [x1, y1]], id) => ({ id, x: x0 + ((x1 - x0) * step) / 10, y: y0 + ((y1 - y0) * step) / 10 }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let step = 1; step <= 10; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(step) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await nextFrame(page, before);
}

