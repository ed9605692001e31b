import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AccountsRepository } from '../../src/db/accounts-repository.ts';
import { LeadsRepository } from '../../src/db/leads-repository.ts';
import { browserSkipReason, launchBrowser } from '../helpers/browser.ts';
import { createListeningContext, type ListeningContext } from '../helpers/listening-service.ts';
import { SCREENSHOT_DIR } from '../helpers/screenshot-dir.ts';
import { waitFor } from '../helpers/test-context.ts';
import { SmtpStandIn } from '../stand-ins/smtp-stand-in.ts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const EMAIL = 'a11y@sunny-roofs.example';
const PASSWORD = 'sunshine on the roof';

interface Finding {
  id: string;
  impact: string;
  nodes: string[];
}

/** Runs axe (WCAG 2.1 A and AA rules and best practices) on the page; the serious and critical findings. */
async function seriousFindings(page: Page): Promise<Finding[]> {
  await page.addScriptTag({ path: AXE });
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return results.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
}

/**
 * How far the page reaches sideways past the phone's width (0 when nothing overflows). Measured against
 * the viewport set, not `innerWidth`: a phone widens its layout viewport to overflowing content.
 */
const overflow = async (page: Page) => (await page.evaluate(() => document.documentElement.scrollWidth)) - page.viewportSize()!.width;

/** The elements that reach furthest past the phone's width, for the failure message. */
const widest = (page: Page) => page.evaluate((width) => [...document.querySelectorAll('body *')]
  .map((element) => ({ element, right: element.getBoundingClientRect().right }))
  .filter((entry) => entry.right > width)
  .sort((a, b) => b.right - a.right).slice(0, 4)
  .map(({ element, right }) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''} to ${Math.round(right)} px`).join(', '), page.viewportSize()!.width);

describe('accessibility (axe) and phone layout of the pages', { skip: browserSkipReason() ?? false }, () => {
  let ctx: ListeningContext;
  let smtp: SmtpStandIn;
  let browser: Browser;
  let phone: BrowserContext;
  let key: string;
  before(async () => {
    smtp = await SmtpStandIn.start();
    ctx = await createListeningContext({ workers: 1, smtpUrl: smtp.url });
    browser = await launchBrowser();
    // axe is injected as a script: the pages' policy (scripts from their own origin only) is set aside for it.
    phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true });
  });
  after(async () => {
    await phone?.close();
    await browser?.close();
    await ctx?.close();
    await smtp?.down();
  });

  test('the sign-in pages, the portal and its leads: no serious finding and no sideways scrolling at 390 px', async () => {
    const page = await phone.newPage();
    const check = async (url: string) => {
      await page.goto(`${ctx.baseUrl}${url}`);
      assert.deepEqual(await seriousFindings(page), [], `axe on ${url}`);
      assert.ok(await overflow(page) <= 0, `${url} is ${await overflow(page)} px wider than the phone: ${await widest(page)}`);
    };
    for (const url of ['/auth/signup', '/auth/login', '/auth/forgot', '/explore']) await check(url);

    await page.goto(`${ctx.baseUrl}/auth/signup`);
    await page.getByLabel('E-mail address').fill(EMAIL);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    const verification = await waitFor('the verification e-mail', async () => smtp.to(EMAIL)[0], 15_000);
    await page.goto(/(http:\/\/127\.0\.0\.1:\d+\/auth\/verify\?token=[A-Za-z0-9_-]+)/.exec(verification.text)![1]);
    await page.goto(`${ctx.baseUrl}/auth/login`);
    await page.getByLabel('E-mail address').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Partner Portal' }).waitFor();
    const accounts = new AccountsRepository(ctx.database.db);
    await accounts.setPlan(EMAIL, 'business');
    const account = (await accounts.findByEmail(EMAIL))!;
    await page.reload();
    await page.getByLabel(/New key name/).fill('website');
    await page.getByRole('button', { name: 'Create key' }).click();
    key = (await page.locator('#new-key').textContent())!.trim();
    assert.ok(await overflow(page) <= 0, `the new key page is ${await overflow(page)} px wider than the phone`);
    // A lead with long words, as visitors type them.
    await ctx.database.db.transaction().execute((trx) => new LeadsRepository(ctx.database.db).insert(trx, {
      accountId: account.id, apiKeyId: null as unknown as number, createdAt: new Date(),
      name: 'Ada Homeowner', email: 'ada.homeowner.with.a.long.address@home-owners-association.example', address: 'Sonnenblumenweg 123, 10115 Berlin-Mitte', message: 'Please call in the morning.',
      pageUrl: 'https://installer.example/solar/products/photovoltaics/quote-request-form', configuration: { latitude: 52.52, longitude: 13.405, panels: 14, kwp: 6.16, annualKwh: 5900, goal: 'cover_bill', monthlyUseKwh: 320, roof: 'way/123456789', roofLatitude: 52.5203, roofLongitude: 13.4051 },
    }));
    for (const url of ['/partner', '/partner/leads']) await check(url);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'portal-leads-phone.png'), fullPage: true });
    await page.close();
  });

  test('the embed, the viewer and the front page: no serious finding', async () => {
    const page = await phone.newPage();
    key ??= await ctx.createKey();
    for (const url of [`/embed?lat=52.52&lng=13.405&key=${key}`, '/viewer?lat=52.52&lng=13.405&wizard=maximize_energy']) {
      await page.goto(`${ctx.baseUrl}${url}`);
      if (url.startsWith('/embed')) {
        // A touch screen's embed opens on its start card: checked as shown, then opened.
        await page.waitForSelector('#app[data-state="offer"]');
        assert.deepEqual(await seriousFindings(page), [], 'axe on the start card');
        await page.getByRole('button', { name: 'Show in 3D' }).tap();
      }
      await page.waitForSelector('#app[data-state="ready"]', { timeout: 30_000 });
      await page.locator('#wizard-toggle').tap();
      assert.deepEqual(await seriousFindings(page), [], `axe on ${url}`);
    }
    const front = await page.goto(`${ctx.baseUrl}/`);
    if (front?.headers()['content-type']?.startsWith('text/html')) assert.deepEqual(await seriousFindings(page), [], 'axe on /');
    await page.close();
  });
});
