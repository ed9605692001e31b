import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { browserSkipReason, launchBrowser } from '../helpers/browser.ts';
import { createListeningContext, type ListeningContext } from '../helpers/listening-service.ts';
import { SCREENSHOT_DIR } from '../helpers/screenshot-dir.ts';

describe('the viewer speaks the visitor’s language (test generator)', { skip: browserSkipReason() ?? false }, () => {
  let ctx: ListeningContext;
  let browser: Browser;
  let key: string;
  before(async () => {
    ctx = await createListeningContext({ workers: 1 });
    key = await ctx.createKey();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await ctx?.close();
  });

  test('/embed?lang=de shows German: page text, labels, the time panel and the html lang', async () => {
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
      await page.waitForFunction(() => document.title !== '' && document.documentElement.lang !== '');
      assert.equal(await page.getAttribute('html', 'lang'), expected, `${locale}, ${headers['accept-language']}`);
      assert.equal(await page.title(), title);
      await context.close();
    }
  });
});
