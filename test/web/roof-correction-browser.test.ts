import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import type { ListeningContext } from '../helpers/listening-service.ts';
import { MONACO_ROOF, monacoWizardSkip, startMonacoWizard, type MonacoWizard } from '../helpers/monaco-wizard.ts';
import { SCREENSHOT_DIR } from '../helpers/screenshot-dir.ts';
import { clickViewCentre } from '../helpers/view-centre.ts';
import { wizardSettled as settled } from '../helpers/wizard-page.ts';

const ROOF = MONACO_ROOF;

describe('the visitor’s roof correction in the Solar Wizard, in Chromium on a real Monaco model', { skip: monacoWizardSkip }, () => {
  let setup: MonacoWizard;
  let ctx: ListeningContext;
  let browser: Browser;
  let key: string;
  before(async () => {
    setup = await startMonacoWizard();
    ({ ctx, browser, key } = setup);
  });
  after(() => setup?.close());

  test('a visitor corrects a flat roof to a gabled one: the roof is redrawn, and the panels and yield change', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const skeletonFetched: string[] = [];
    page.on('request', (request) => /\/straight-skeleton-[^/]*\.js$/.test(request.url()) && skeletonFetched.push(request.url()));
    await page.goto(`${ctx.baseUrl}/embed?lat=${ROOF.lat}&lng=${ROOF.lng}&key=${key}`);
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    await page.keyboard.press('p');
    await clickViewCentre(page);
    const flat = await settled(page);
    assert.equal(flat.state, 'done');
    assert.equal(flat.roof, ROOF.id);
    assert.ok(await page.locator('#wizard-roof').isVisible(), 'the roof fields are shown for the picked building');
    assert.equal(await page.locator('#roof-shape').inputValue(), 'flat');
    assert.match(await page.locator('#roof-source').textContent() ?? '', /OpenStreetMap|guessed|flat/);
    // The embed's own point is on this building: its outline and pin stand on its top.
    const top = async () => Number(await page.locator('#app').getAttribute('data-my-building-top'));
    const flatTop = await top();
    assert.equal(await page.locator('#app').getAttribute('data-pin-faded'), 'true', 'the pin, drawn over everything, fades over the design so its panels show');
    // A flat roof's ridge field holds the walls' direction, where a ridge goes unless the visitor says otherwise.
    const walls = Number(await page.locator('#roof-ridge').inputValue());

    // The visitor scrolls down to the roof fields; the panel keeps its scroll while the design is worked out again.
    await page.locator('#roof-shape').evaluate((node) => node.scrollIntoView({ block: 'center' }));
    const scroll = await page.locator('#wizard-details').evaluate((node) => node.scrollTop);
    assert.ok(scroll > 100, `the roof fields are below the figures: scrolled ${scroll} px`);
    /** Where the shape field is in the panel's scrolled view: 0 at its top, 1 at its bottom (outside: out of view). */
    const shapeInView = () => page.evaluate(() => {
      const view = document.getElementById('wizard-details')!.getBoundingClientRect();
      const field = document.getElementById('roof-shape')!.getBoundingClientRect();
      return (field.top - view.top) / view.height;
    });
    const before = await shapeInView();
    await page.selectOption('#roof-shape', 'gabled');
    await page.fill('#roof-pitch', '35');
    await page.fill('#roof-ridge', '90');
    await page.locator('#roof-ridge').dispatchEvent('change');
    await page.waitForFunction(() => document.getElementById('side-panel')!.dataset.roofShape === 'gabled');
    await page.waitForFunction((before) => document.getElementById('side-panel')!.dataset.annualKwh !== before, flat.annualKwh, { timeout: 60_000 });
    const gabled = await settled(page);
    assert.equal(gabled.state, 'done', await page.locator('#wizard-status').textContent() ?? '');
    const after = await shapeInView();
    assert.equal(await page.locator('#wizard-result').getAttribute('aria-busy'), 'false', 'the figures are the new design’s');
    assert.ok(after >= 0 && after < 0.9 && Math.abs(after - before) < 0.25, `the roof fields stay in view where the visitor scrolled: ${before.toFixed(2)} → ${after.toFixed(2)} of the panel`);
    assert.notEqual(gabled.candidates, flat.candidates, `panel places change: ${flat.candidates} on the flat roof, ${gabled.candidates} on the gables`);
    assert.notEqual(gabled.annualKwh, flat.annualKwh, `the yield changes: ${flat.annualKwh} → ${gabled.annualKwh} kWh`);
    assert.match(await page.locator('#roof-source').textContent() ?? '', /as you corrected it/);
    const gabledTop = await top();
    assert.ok(gabledTop > flatTop + 2, `the outline and pin follow the new ridge: ${flatTop} → ${gabledTop} m`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'wizard-roof-corrected.png') });
    // Start over, then "Place panels on my house": the panels go on the house's roof as corrected, not
    // on the faces it had when the model opened.
    await page.locator('#wizard-start-over').click();
    await page.waitForFunction(() => document.getElementById('side-panel')!.dataset.state === 'pick');
    await page.locator('#wizard-my-house').click();
    const again = await settled(page);
    assert.equal(again.state, 'done');
    assert.equal(again.candidates, gabled.candidates, `the same panel places as on the corrected roof (${gabled.candidates}), not the flat roof's (${flat.candidates})`);
    assert.equal(again.annualKwh, gabled.annualKwh);
    // A pitch or a direction out of range is drawn at the nearest allowed one, and the field shows what is drawn.
    const ridgeDrawn = await page.locator('#roof-ridge').inputValue();
    await page.fill('#roof-pitch', '75');
    await page.fill('#roof-ridge', String(Number(ridgeDrawn) + 360));
    await page.locator('#roof-ridge').dispatchEvent('change');
    assert.equal(await page.locator('#roof-pitch').inputValue(), '60', 'the steepest pitch the correction draws');
    assert.equal(await page.locator('#roof-ridge').inputValue(), ridgeDrawn, 'a direction a full turn on is the same ridge');
    assert.equal((await settled(page)).state, 'done');

    // Hipped on this L-shaped block needs the straight skeleton: the page fetches it now (not for the page, nor for a gable), and the roof is hipped.
    assert.equal(skeletonFetched.length, 0, 'the straight skeleton is not fetched before a correction needs it');
    // While it is on its way the visitor changes their mind: the later choice stays drawn when it arrives.
    await page.route('**/straight-skeleton-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const arrived = page.waitForResponse(/\/straight-skeleton-[^/]*\.js$/);
    await page.selectOption('#roof-shape', 'hipped');
    await page.selectOption('#roof-shape', 'half-hipped');
    await page.waitForFunction(() => document.getElementById('side-panel')!.dataset.roofShape === 'half-hipped');
    await arrived;
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => document.getElementById('side-panel')!.dataset.roofShape), 'half-hipped', 'the hipped roof asked for first does not overwrite the later choice');
    await page.unroute('**/straight-skeleton-*.js');
    await page.selectOption('#roof-shape', 'hipped');
    await page.waitForFunction(() => document.getElementById('side-panel')!.dataset.roofShape === 'hipped', null, { timeout: 30_000 });
    assert.equal(skeletonFetched.length, 1, 'the straight skeleton is fetched once');
    assert.doesNotMatch(await page.locator('#roof-source').textContent() ?? '', /inner corners/);
    assert.ok((await top()) > flatTop + 2, `a pitched roof: ${flatTop} → ${await top()} m`);
    // A hipped roof's ridge follows its outline: no ridge to choose.
    assert.equal(await page.locator('#roof-ridge').isVisible(), false, 'no ridge field for a hipped roof');
    assert.equal(await page.locator('#roof-pitch').isVisible(), true);

    // Cross-gabled: a gable on each wing of the L (its ridges follow the wings: no ridge field either); panels and yield follow.
    const hipped = await settled(page);
    await page.selectOption('#roof-shape', 'cross-gabled');
    await page.waitForFunction(() => document.getElementById('side-panel')!.dataset.roofShape === 'cross-gabled');
    assert.equal(await page.locator('#roof-ridge').isVisible(), false, 'no ridge field for a cross-gabled roof');
    assert.equal(skeletonFetched.length, 1, 'the straight skeleton is fetched once');
    await page.waitForFunction((before) => document.getElementById('side-panel')!.dataset.annualKwh !== before, hipped.annualKwh, { timeout: 60_000 });
    const crossGabled = await settled(page);
    assert.equal(crossGabled.state, 'done');
    assert.ok(Number(crossGabled.candidates) > 0, `panels on the cross-gabled roof: ${crossGabled.candidates}`);

    // A single slope has no ridge: the field says where the slope faces, turned to the ridge's southern side.
    await page.selectOption('#roof-shape', 'skillion');
    await page.waitForFunction(() => document.getElementById('side-panel')!.dataset.roofShape === 'skillion');
    assert.match(await page.locator('#roof-ridge').locator('xpath=..').textContent() ?? '', /The slope faces/);
    assert.equal(await page.locator('#roof-ridge').inputValue(), '180', 'a ridge running east–west: the slope faces south');

    // A ridge typed a few degrees off the walls (a street's bearing) runs along them, and the field says so.
    await page.selectOption('#roof-shape', 'gabled');
    await page.fill('#roof-ridge', String((walls + 5) % 180));
    await page.locator('#roof-ridge').dispatchEvent('change');
    await page.waitForFunction(() => document.getElementById('side-panel')!.dataset.roofShape === 'gabled');
    assert.equal(Number(await page.locator('#roof-ridge').inputValue()), walls, `the ridge typed at ${(walls + 5) % 180}° runs along the walls at ${walls}°`);

    // Back to flat: the building's outline is the redrawn one, not the roof drawn before.
    await page.selectOption('#roof-shape', 'flat');
    await page.waitForFunction(() => document.getElementById('side-panel')!.dataset.roofShape === 'flat');
    assert.ok(Math.abs((await top()) - flatTop) < 0.05, `the pin is back on the flat roof: ${flatTop} → ${await top()} m`);
    await page.close();
  });
});
