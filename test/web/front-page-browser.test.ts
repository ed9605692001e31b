import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { SAMPLE_PLACE } from '../../src/domain/sample-place.ts';
import { SCREENSHOT_DIR } from '../helpers/screenshot-dir.ts';
import { browserSkipReason, launchBrowser } from '../helpers/browser.ts';
import { createListeningContext, type ListeningContext } from '../helpers/listening-service.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';

const EXTRACT = 'osm/liechtenstein-2024-03-04.osm.pbf';
const extract = sharedDataFile(EXTRACT);
const skip = browserSkipReason() ?? (extract ? false : missingSharedData(EXTRACT));

describe('the front page in Chromium (sample place from the Liechtenstein extract)', { skip }, () => {
  let ctx: ListeningContext;
  let browser: Browser;
  before(async () => {
    ctx = await createListeningContext({ workers: 1, realGenerator: true, env: { OSM_EXTRACT: extract! } });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await ctx?.close();
  });

  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    test(`GET / at ${viewport.width}×${viewport.height}: what the service does, links on, the live viewer of the sample place, no sideways scrolling`, async () => {
      const page = await browser.newPage({ viewport, ...(viewport.width < 500 ? { isMobile: true, hasTouch: true } : {}) });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const response = await page.goto(`${ctx.baseUrl}/`);
      assert.equal(response?.status(), 200);
      assert.match(response!.headers()['content-type'], /^text\/html/);
      await page.getByRole('heading', { level: 1 }).waitFor();
      for (const href of ['/docs', '/auth/signup', '/partner']) assert.equal(await page.locator(`main a[href="${href}"]`).count(), 1, `a link to ${href}`);
      const frame = page.frameLocator('iframe.live-viewer');
      await frame.locator('#app[data-state="ready"]').waitFor({ timeout: 90_000 });
      assert.equal(await frame.locator('#empty-place').isVisible(), false, 'the sample place has buildings');
      assert.ok(await frame.locator('#place-input').isVisible(), 'the address search is in the sample viewer');
      const src = await page.locator('iframe.live-viewer').getAttribute('src');
      assert.equal(src, `/viewer?lat=${SAMPLE_PLACE.latitude}&lng=${SAMPLE_PLACE.longitude}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px)`);
      await page.locator('iframe.live-viewer').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `front-page-${viewport.width < 500 ? 'phone' : 'desktop'}.png`), fullPage: viewport.width > 500 });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});
