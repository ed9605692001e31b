import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { AccountsRepository } from '../../src/db/accounts-repository.ts';
import { SCREENSHOT_DIR } from '../helpers/screenshot-dir.ts';
import { browserSkipReason, launchBrowser } from '../helpers/browser.ts';
import { SAMPLE_PLACE } from '../../src/domain/sample-place.ts';
import { createListeningContext, type ListeningContext } from '../helpers/listening-service.ts';
import { sharedDataFile } from '../helpers/shared-data.ts';
import { waitFor } from '../helpers/test-context.ts';
import { SmtpStandIn } from '../stand-ins/smtp-stand-in.ts';

const EMAIL = 'owner@sunny-roofs.example';
const PASSWORD = 'sunshine on the roof';

describe('a new partner from sign-up to leads, in Chromium', { skip: browserSkipReason() ?? false }, () => {
  let ctx: ListeningContext;
  let smtp: SmtpStandIn;
  let browser: Browser;
  before(async () => {
    smtp = await SmtpStandIn.start();
    // With the recorded Liechtenstein extract the portal's live preview shows Vaduz (the README's picture);
    // without it, the test generator's model.
    const extract = sharedDataFile('osm/liechtenstein-2024-03-04.osm.pbf');
    ctx = await createListeningContext({ workers: 1, smtpUrl: smtp.url, ...(extract ? { realGenerator: true, env: { OSM_EXTRACT: extract, LOG_LEVEL: 'silent' } } : {}) });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await ctx?.close();
    await smtp?.down();
  });

  test('sign-up, verification link, keys shown once and revoked, lead capture, a lead from the embed in the portal', async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${ctx.baseUrl}/auth/signup`);
    await page.getByLabel('E-mail address').fill(EMAIL);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'signup.png') });
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();

    const verification = await waitFor('the verification e-mail', async () => smtp.to(EMAIL)[0], 15_000);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/auth\/verify\?token=[A-Za-z0-9_-]+)/.exec(verification.text)![1];
    await page.goto(link);
    await page.getByRole('heading', { name: 'Your address is confirmed' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await page.getByLabel('E-mail address').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Partner Portal' }).waitFor();
    assert.match(await page.content(), /API keys need the Business plan/);

    // The operator puts the account on Business (solar-partner accounts set-plan).
    await new AccountsRepository(ctx.database.db).setPlan(EMAIL, 'business');
    await page.reload();
    await page.getByLabel(/New key name/).fill('website');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('cannot be shown again').waitFor();
    const key = (await page.locator('#new-key').textContent())!.trim();
    assert.match(key, /^spk_/);
    await page.getByRole('button', { name: 'Copy the key' }).click();
    await page.locator('#copy-status').filter({ hasText: /Copied|Selected/ }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'portal-new-key.png') });
    await page.getByRole('link', { name: 'Back to the portal' }).click();
    assert.ok(!(await page.content()).includes(key), 'the portal never shows the key again');

    // A second key, revoked after a confirmation, fails on the API at once.
    await page.getByLabel(/New key name/).fill('old crm');
    await page.getByRole('button', { name: 'Create key' }).click();
    const oldKey = (await page.locator('#new-key').textContent())!.trim();
    const api = (k: string) => fetch(`${ctx.baseUrl}/api/v1/models/hd_1_2_0.3`, { headers: { authorization: `Bearer ${k}` } }).then((r) => r.status);
    assert.equal(await api(oldKey), 404);
    await page.getByRole('link', { name: 'Back to the portal' }).click();
    await page.getByRole('row', { name: /old crm/ }).getByRole('link', { name: 'Revoke…' }).click();
    await page.getByRole('button', { name: 'Revoke the key' }).click();
    await page.getByText('The key is revoked').waitFor();
    assert.equal(await api(oldKey), 401);
    assert.equal(await api(key), 404, 'the other key still works');

    await page.getByLabel('Company name').fill('Sunny Roofs');
    await page.getByLabel(/Get a quote/).check();
    await page.getByLabel(/Send new leads to/).fill('leads@sunny-roofs.example');
    await page.getByLabel(/Your privacy notice/).fill('https://sunny-roofs.example/privacy');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile is saved').waitFor();
    // The live preview shows the viewer as visitors see it, once its model is drawn.
    await page.frameLocator('iframe.live-viewer').locator('#app[data-state="ready"]').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'portal.png'), fullPage: true });

    // A visitor on the partner's site asks for a quote in the embedded viewer.
    const visitor = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    visitor.on('pageerror', (error) => errors.push(error.message));
    // The sample place: inside the extract's data when the recorded extract is there.
    await visitor.goto(`${ctx.baseUrl}/embed?lat=${SAMPLE_PLACE.latitude}&lng=${SAMPLE_PLACE.longitude}&key=${key}`);
    await visitor.waitForSelector('#app[data-state="ready"]', { timeout: 30_000 });
    await visitor.getByRole('button', { name: 'Get a quote' }).click();
    const form = visitor.locator('#quote-dialog');
    assert.equal(await form.getByLabel(/I agree/).isChecked(), false, 'consent starts unticked');
    assert.equal(await form.getByRole('link', { name: 'Privacy notice' }).getAttribute('href'), 'https://sunny-roofs.example/privacy');
    await form.getByLabel('Name').fill('Ada <b>Homeowner</b>');
    await form.getByLabel('E-mail').fill('ada@home.example');
    await form.getByLabel('Address of the house').fill('Via Roma 1, Torino');
    // Typed key by key, as a visitor does: Space and "p" are the page's shortcuts (play the day, the
    // Solar Wizard) everywhere but in a field.
    await form.getByLabel('Message').pressSequentially('Please call after 5 pm.');
    await form.getByRole('button', { name: 'Send the request' }).click();
    assert.equal(await form.getByLabel(/I agree/).evaluate((box: HTMLInputElement) => box.validity.valueMissing), true, 'not sent without consent');
    await form.getByLabel(/I agree/).check();
    await visitor.screenshot({ path: path.join(SCREENSHOT_DIR, 'viewer-quote-form.png') });
    await form.getByRole('button', { name: 'Send the request' }).click();
    await form.getByText(/Thank you/).waitFor();

    await waitFor('the lead e-mails', async () => smtp.to('leads@sunny-roofs.example').length === 1 && smtp.to('ada@home.example').length === 1, 15_000);
    assert.match(smtp.to('leads@sunny-roofs.example')[0].text, /Please call after 5 pm\./, 'the message as typed');
    assert.notEqual(await visitor.locator('#play').getAttribute('aria-pressed'), 'true', 'typing five spaces did not start the day playing');
    await page.goto(`${ctx.baseUrl}/partner/leads`);
    await page.getByRole('cell', { name: /Ada <b>Homeowner<\/b>/ }).waitFor();
    assert.match(await page.content(), /Ada &lt;b&gt;Homeowner&lt;\/b&gt;/, 'shown as text');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'portal-leads.png') });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
