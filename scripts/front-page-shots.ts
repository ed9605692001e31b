/**
 * Pictures of the front page with its live viewer of the sample place (the Städtle of Vaduz, its model
 * made from the recorded Liechtenstein extract), at desktop (1280 × 800, whole page) and phone
 * (390 × 844) size. Outside the test suite: the model takes a while; the suite checks the page itself
 * (test/web/find-house-browser.test.ts).
 *
 *   npm run build && node scripts/front-page-shots.ts docs
 */
import path from 'node:path';
import { launchBrowser } from '../test/helpers/browser.ts';
import { createListeningContext } from '../test/helpers/listening-service.ts';

const EXTRACT = path.resolve(import.meta.dirname, '../../shared/data/osm/liechtenstein-2024-03-04.osm.pbf');
const [outDir] = process.argv.slice(2);
if (!outDir) {
  process.stderr.write('Usage: node scripts/front-page-shots.ts <out-dir>\n');
  process.exit(2);
}
const ctx = await createListeningContext({ workers: 1, realGenerator: true, env: { OSM_EXTRACT: EXTRACT } });
const browser = await launchBrowser();
try {
  for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]] as const) {
    const page = await browser.newPage({ viewport, ...(name === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
    await page.goto(`${ctx.baseUrl}/`);
    await page.locator('iframe.live-viewer').scrollIntoViewIfNeeded();
    await page.frameLocator('iframe.live-viewer').locator('#app[data-state="ready"]').waitFor({ timeout: 120_000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(outDir, `front-page-${name}.png`), fullPage: name === 'desktop' });
    await page.close();
  }
} finally {
  await browser.close();
  await ctx.close();
}
process.stdout.write(`Front page pictures written to ${outDir}\n`);
