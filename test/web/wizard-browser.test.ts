import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { AccountsRepository } from '../../src/db/accounts-repository.ts';
import { FALLBACK_ACCURACY } from '../../src/irradiance/local-fallback.ts';
import { SCREENSHOT_DIR } from '../helpers/screenshot-dir.ts';
import { clickViewCentre } from '../helpers/view-centre.ts';
import { pdfText, pdfToolsSkipReason } from '../helpers/pdf-tools.ts';
import { downloadsReport, wizardSettled as settled, wizardState as wizard } from '../helpers/wizard-page.ts';
import type { ListeningContext } from '../helpers/listening-service.ts';
import { MONACO_ROOF, monacoWizardSkip, startMonacoWizard, type MonacoWizard } from '../helpers/monaco-wizard.ts';
import type { PvgisStandIn } from '../stand-ins/pvgis-stand-in.ts';

const ROOF = MONACO_ROOF;
const SITE = { lat: 43.7384, lng: 7.4246 };

describe('the Solar Wizard in Chromium on a real Monaco model', { skip: monacoWizardSkip }, () => {
  let setup: MonacoWizard;
  let ctx: ListeningContext;
  let pvgis: PvgisStandIn;
  let browser: Browser;
  let key: string;
  before(async () => {
    setup = await startMonacoWizard();
    ({ ctx, pvgis, browser, key } = setup);
  });
  after(() => setup?.close());

  test('an agent session link with a roof position places panels on that roof with no click; a free visitor sees the Pro prompt', async () => {
    const created = await fetch(`${ctx.baseUrl}/api/mcp-sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latitude: SITE.lat, longitude: SITE.lng, agentName: 'test-assistant', wizardGoal: 'cover_bill', wizardKwh: 300, roofLat: ROOF.lat, roofLng: ROOF.lng }),
    }).then((response) => response.json() as Promise<{ viewerUrl: string }>);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(created.viewerUrl);
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    const state = await settled(page);
    assert.equal(state.state, 'done', `the wizard finished: ${await page.locator('#wizard-status').textContent()}`);
    assert.equal(state.roof, ROOF.id, 'the roof under the agent’s position');
    assert.ok(Number(state.panels) > 0, `${state.panels} panels placed`);
    assert.equal(state.annualKwh, undefined, 'no yield figure in the preview’s page');
    assert.equal(state.access, 'preview');
    assert.ok(await page.locator('#wizard-upgrade').isVisible(), 'the sign-up or upgrade prompt is shown');
    assert.equal(await page.locator('#wizard-goal').isDisabled(), true, 'the free preview cannot change the design');
    // The view turns to look at the panels from the front: towards the opposite of the way they face.
    const facing = Number(state.panelAzimuths!.split(',')[0]);
    const viewFacing = async () => Number(/faces (\d+)°/.exec((await page.locator('#compass').getAttribute('aria-label')) ?? '')?.[1]);
    const apart = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);
    await page.waitForFunction((expected) => new RegExp(`faces ${expected}°`).test(document.getElementById('compass')!.getAttribute('aria-label') ?? ''), (facing + 180) % 360, { timeout: 10_000 }).catch(() => undefined);
    assert.ok(apart(await viewFacing(), (facing + 180) % 360) <= 1, `panels facing ${facing}° are seen from the front: the view faces ${await viewFacing()}°`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'wizard-agent-link.png') });

    await page.locator('#wizard-start-over').click();
    const cleared = await wizard(page);
    assert.equal(cleared.panels, '0');
    assert.equal(cleared.state, 'pick');
    assert.equal(cleared.roof, undefined);
    // The camera looks at the chosen roof, so a click in the middle picks it again.
    await page.mouse.move(640, 400);
    await page.mouse.down();
    await page.mouse.move(700, 400, { steps: 5 });
    await page.mouse.up();
    // The compass follows the frames drawn: read it once the view has come to rest.
    let turned = await viewFacing();
    for (let previous = NaN; turned !== previous; ) {
      previous = turned;
      await page.waitForTimeout(400);
      turned = await viewFacing();
    }
    await clickViewCentre(page);
    const again = await settled(page);
    assert.equal(again.roof, ROOF.id);
    assert.equal(again.panels, state.panels);
    await page.waitForTimeout(500);
    assert.equal(await viewFacing(), turned, `a roof the visitor clicks leaves the view as they turned it: ${turned}° → ${await viewFacing()}°`);
    await page.close();
  });

  test('a roof position that lands on no roof asks the visitor to click one', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    // A point 1.1 km north of the site, outside the modelled circle: the ray hits nothing.
    await page.goto(`${ctx.baseUrl}/viewer?lat=${SITE.lat}&lng=${SITE.lng}&wizard=maximize_energy&roofLat=${SITE.lat + 0.01}&roofLng=${SITE.lng}`);
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    await page.waitForFunction(() => ['pick', 'done', 'error', 'empty'].includes(document.getElementById('side-panel')!.dataset.state ?? ''));
    assert.equal((await wizard(page)).state, 'pick', `the wizard waits for a click: ${await page.locator('#wizard-status').textContent()}`);
    assert.match(await page.locator('#wizard-status').textContent() ?? '', /No roof at the given position\. Click your roof/);
    assert.equal((await wizard(page)).panels, undefined, 'nothing placed');
    await page.close();
  });

  test('in a partner’s embed the full wizard: a click on a roof, yield from the service, goals that change the design', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${ctx.baseUrl}/embed?lat=${ROOF.lat}&lng=${ROOF.lng}&key=${key}`);
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    await page.keyboard.press('p');
    assert.ok(await page.locator('#side-panel').isVisible(), 'P opens the wizard');
    assert.equal(await page.locator('#wizard-upgrade').isVisible(), false, 'the partner’s plan covers it');
    await clickViewCentre(page);
    const energy = await settled(page);
    assert.equal(energy.state, 'done');
    assert.equal(energy.roof, ROOF.id);
    assert.match(await page.locator('#wizard-source').textContent() ?? '', /PVGIS/, 'yield from the service');
    for (const id of ['fig-kwh', 'fig-specific', 'fig-shading', 'fig-cost', 'fig-payback', 'fig-npv', 'fig-co2']) {
      assert.match(await page.locator(`#${id}`).textContent() ?? '', /\d/, `${id} shows a figure`);
    }
    assert.equal(await page.locator('#wizard-chart svg rect.chart-bar').count(), 12, 'a bar a month');
    // The status line, a live region, says what the design gives, not only how many panels: the figures
    // below it are not announced, and the money line is folded away.
    const status = (await page.locator('#wizard-status').textContent()) ?? '';
    assert.match(status, /^\d+ panels on this roof\..* With these: [\d,]+ kWh a year, payback /, status);
    assert.ok(status.includes((await page.locator('#fig-kwh').textContent()) ?? '?'), `the year's yield in "${status}"`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'wizard-embed.png') });
    // What the figures mean, with the assumptions they were worked out with, following the visitor's own.
    await page.locator('#figure-terms summary').click();
    assert.equal(await page.locator('#figure-terms dt').count(), 8, 'every figure but the panel count is explained');
    const npvMeaning = () => page.locator('#figure-terms dt:text-is("Net present value") + dd').textContent();
    assert.match((await npvMeaning()) ?? '', /over 20 years, counted in today’s money \(discounted at 4% a year\)/);
    await page.locator('#wizard-settings summary').click();
    await page.fill('#set-discount', '6.5');
    await page.locator('#set-discount').dispatchEvent('change');
    await page.waitForFunction(() => /discounted at 6\.5% a year/.test(document.getElementById('figure-terms-list')!.textContent ?? ''), null, { timeout: 30_000 });
    // Where the prices are typed, what they give, as the figures above say it.
    const effect = (await page.locator('#settings-effect').textContent()) ?? '';
    for (const id of ['fig-kwh', 'fig-payback', 'fig-npv']) assert.ok(effect.includes((await page.locator(`#${id}`).textContent()) ?? '?'), `${id} in "${effect}"`);
    assert.ok(await page.locator('#settings-effect').isVisible(), 'shown under the fields');
    await page.fill('#set-discount', '4');
    await page.locator('#set-discount').dispatchEvent('change');
    await page.locator('#wizard-settings summary').click();
    await page.waitForFunction(() => /discounted at 4% a year/.test(document.getElementById('figure-terms-list')!.textContent ?? ''), null, { timeout: 30_000 });
    await page.locator('#figure-terms summary').click();
    await page.waitForFunction(() => document.getElementById('side-panel')!.dataset.state === 'done');
    await downloadsReport(page, energy);

    // The bill goal starts at a typical household's use, not at nothing (a single panel).
    await page.selectOption('#wizard-goal', 'cover_bill');
    assert.equal(await page.locator('#wizard-kwh').inputValue(), '300');
    await page.waitForFunction(() => /^Covers 300 kWh/.test(document.getElementById('wizard-target')!.textContent ?? ''));
    assert.ok(Number((await settled(page)).panels) > 1, 'a design for the typical use');
    await page.fill('#wizard-kwh', '100000');
    await page.locator('#wizard-kwh').dispatchEvent('change');
    await page.waitForFunction(() => /cannot cover/.test(document.getElementById('wizard-target')!.textContent ?? ''));
    // Every kWh label of the axis is whole inside the chart, "100,000" of the target's line included.
    const labels = () => page.locator('#wizard-chart svg').evaluate((svg) => [...svg.querySelectorAll('text')].map((text) => ({ text: text.textContent, x: (text as SVGTextElement).getBBox().x })));
    await page.waitForFunction(() => [...document.querySelectorAll('#wizard-chart svg text')].some((text) => text.textContent === '100,000'));
    assert.deepEqual((await labels()).filter((label) => label.x < 0), [], 'no label runs off the chart');
    const most = await settled(page);
    assert.equal(most.panels, energy.panels, 'an unreachable target keeps every good panel');

    await page.fill('#wizard-kwh', '150');
    await page.locator('#wizard-kwh').dispatchEvent('change');
    await page.waitForFunction(() => /^Covers 150 kWh/.test(document.getElementById('wizard-target')!.textContent ?? ''));
    const small = await settled(page);
    assert.ok(Number(small.panels) < Number(energy.panels), `fewer panels for 150 kWh a month: ${small.panels} of ${energy.panels}`);
    assert.ok(Number(small.annualKwh) >= 1800);

    // By keyboard, a control that hides itself hands the focus on instead of dropping it to the page's start.
    const focused = () => page.evaluate(() => document.activeElement?.id ?? '');
    await page.locator('#wizard-start-over').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.getElementById('side-panel')!.dataset.state === 'pick');
    assert.equal(await focused(), 'wizard-title', 'Start over hides itself: the focus goes to the wizard’s heading');
    // The marked house's roof is offered to the keyboard while the wizard waits for a click.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'wizard-my-house', 'after the close button, “Place panels on my house”');
    await page.keyboard.press('Enter');
    const again = await settled(page);
    assert.deepEqual([again.state, again.roof], ['done', ROOF.id], 'panels on the house’s roof again, without a click');
    assert.equal(await page.locator('#wizard-my-house').isHidden(), true, 'offered only while a roof is to be picked');
    await page.locator('#wizard-start-over').click();
    await page.locator('#wizard-close').focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('#side-panel').isHidden(), true);
    assert.equal(await focused(), 'wizard-toggle', 'the wizard closed: the focus is back on its button');
    await page.keyboard.press('Enter');
    await page.locator('#wizard-goal').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('#side-panel').isHidden(), true, 'Escape in the panel closes it');
    assert.equal(await focused(), 'wizard-toggle', 'and the focus is back on its button');
    await page.close();
  });

  test('with lang=de the wizard and its report speak German, numbers written the German way', async () => {
    // An installer with lead capture on: the quote form sends the design as the site report.
    const installerKey = await ctx.createKey('business', 'sonnendach@example.com');
    const accounts = new AccountsRepository(ctx.database.db);
    const installer = (await accounts.findByEmail('sonnendach@example.com'))!;
    await accounts.updateProfile(installer.id, { companyName: 'Sonnendach GmbH', leadCapture: true, notificationEmail: 'leads@sonnendach.example', privacyUrl: null });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${ctx.baseUrl}/embed?lat=${ROOF.lat}&lng=${ROOF.lng}&key=${installerKey}&lang=de`);
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    await page.keyboard.press('p');
    await clickViewCentre(page);
    const design = await settled(page);
    assert.equal(design.state, 'done');
    assert.match(await page.locator('#wizard-status').textContent() ?? '', /^\d+ Module auf diesem Dach\./);
    assert.match(await page.locator('#fig-kwh').textContent() ?? '', /^\d{1,3}(\.\d{3})* kWh$/, 'German grouping');
    assert.match(await page.locator('#fig-cost').textContent() ?? '', /^\d{1,3}(\.\d{3})*\s€$/, 'euros after the amount');
    assert.match(await page.locator('#fig-payback').textContent() ?? '', /Jahre/);
    assert.equal(await page.locator('#wizard-report').textContent(), 'Bericht herunterladen (PDF)');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'wizard-german.png') });
    // On a phone the report button is at the end of the wizard's sheet, within reach once it is expanded.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#wizard-sheet').click();
    await page.locator('#wizard-report').scrollIntoViewIfNeeded();
    assert.ok(await page.locator('#wizard-report').isVisible());
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'wizard-german-phone.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.locator('#wizard-report').click()]);
    const pdf = fs.readFileSync((await download.path())!);
    if (!pdfToolsSkipReason()) {
      const text = pdfText(pdf);
      for (const expected of ['Solar-Standortbericht', 'Erstellt von Sonnendach GmbH', `${design.panels} × 440 W`, 'Monatlicher Ertrag (kWh)', 'Annahmen']) assert.ok(text.includes(expected), `the German report says “${expected}”`);
    }

    // The visitor sizes the system to their bill: the installer gets the monthly use with the design.
    await page.selectOption('#wizard-goal', 'cover_bill');
    await page.fill('#wizard-kwh', '250');
    await page.locator('#wizard-kwh').dispatchEvent('change');
    await page.waitForFunction(() => /250/.test(document.getElementById('wizard-target')!.textContent ?? ''));
    const forBill = await settled(page);
    await page.locator('#quote-button').click();
    assert.equal(await page.locator('#quote-title').textContent(), 'Angebot anfragen');
    assert.match(await page.locator('#quote-consent-text').textContent() ?? '', /^Ich bin einverstanden, dass Sonnendach GmbH mich/);
    assert.match(await page.locator('#quote-configuration').textContent() ?? '', new RegExp(`^Mit Ihrer Anfrage gesendet: der Standort \\(43,7\\d+, 7,42\\d+\\) und ${forBill.panels} Module.*, für einen Verbrauch von 250 kWh im Monat\\.$`));
    await page.fill('#quote-form input[name="name"]', 'Greta Muster');
    await page.fill('#quote-form input[name="email"]', 'greta@home.example');
    await page.fill('#quote-form input[name="address"]', 'Boulevard des Moulins 1, Monaco');
    await page.check('#quote-form input[name="consent"]');
    const [request] = await Promise.all([page.waitForRequest('**/api/viewer/leads'), page.locator('#quote-send').click()]);
    const sent = request.postDataJSON() as { language: string; configuration: { goal?: string; monthlyUseKwh?: number }; report?: { panels: number; monthlyKwh: number[] }; snapshot?: string };
    assert.equal(sent.language, 'de');
    assert.deepEqual([sent.configuration.goal, sent.configuration.monthlyUseKwh], ['cover_bill', 250], 'the goal goes along with the use it was sized for');
    assert.equal(sent.report?.panels, Number(forBill.panels), 'the design goes along as the site report');
    assert.equal(sent.report?.monthlyKwh.length, 12);
    assert.match(sent.snapshot ?? '', /^data:image\/jpeg;base64,/, 'with the snapshot of the view');
    await page.waitForFunction(() => document.getElementById('quote-dialog')!.dataset.state === 'sent');
    assert.match(await page.locator('#quote-status').textContent() ?? '', /^Vielen Dank\./);
    await page.close();
  });

  test('when the irradiance service is down the wizard uses its own model and says so', async () => {
    pvgis.mode = 'error500';
    try {
      const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
      await page.goto(`${ctx.baseUrl}/embed?lat=${ROOF.lat}&lng=${ROOF.lng}&key=${key}`);
      await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
      await page.keyboard.press('p');
      await page.locator('#wizard-settings summary').click();
      await page.fill('#set-setback', '0.8');
      // Each time the notice over the view is given its text.
      await page.locator('#notice').evaluate((node) => {
        const shown = ((window as unknown as { noticesShown: number }).noticesShown = 0);
        new MutationObserver(() => (window as unknown as { noticesShown: number }).noticesShown++).observe(node, { childList: true });
        return shown;
      });
      await clickViewCentre(page);
      const state = await settled(page);
      assert.equal(state.state, 'done');
      const source = (await page.locator('#wizard-source').textContent()) ?? '';
      assert.match(source, /unavailable: yields come from the viewer’s own climate model/);
      assert.ok(source.includes(FALLBACK_ACCURACY), `the page says how far off the fallback typically is: ${source}`);
      // The notice saying so is readable: clear of the address search, as wide as its text needs.
      const notice = (await page.locator('#notice').boundingBox())!;
      const search = (await page.locator('#place-search').boundingBox())!;
      assert.ok(notice.y >= search.y + search.height, `the notice (top ${notice.y}) stands below the search (bottom ${search.y + search.height})`);
      assert.ok(notice.width > 400, `the notice is ${notice.width} px wide`);
      // Said once: a new design from the same fallback does not cover the view with it again.
      await page.selectOption('#wizard-goal', 'environmental');
      await page.waitForTimeout(300);
      assert.equal((await settled(page)).state, 'done');
      assert.equal(await page.evaluate(() => (window as unknown as { noticesShown: number }).noticesShown), 1, 'the notice is shown once');
      await page.close();
    } finally {
      pvgis.mode = 'ok';
    }
  });
});
