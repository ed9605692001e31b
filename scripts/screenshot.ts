/**
 * Takes a PNG screenshot of a page of a running service with the machine's Chromium. Viewer pages are
 * taken once their model is on screen.
 *
 *   npx node scripts/screenshot.ts <url> <out.png> [width] [height]
 */
import { launchBrowser } from '../test/helpers/browser.ts';

const [url, out, width = '1280', height = '800'] = process.argv.slice(2);
if (!url || !out) {
  process.stderr.write('Usage: npx node scripts/screenshot.ts <url> <out.png> [width] [height]\n');
  process.exit(2);
}
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
  page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
  page.on('console', (message) => process.stderr.write(`console: ${message.text()}\n`));
  await page.goto(url, { waitUntil: 'load' });
  if (await page.locator('#app').count()) {
    await page.waitForSelector('#app:not([data-state="loading"])', { timeout: 180_000 });
    await page.waitForFunction(() => Number(document.getElementById('app')?.dataset.frames ?? 0) > 0 || document.getElementById('app')?.dataset.state === 'failed');
    await page.waitForTimeout(300);
  }
  await page.screenshot({ path: out });
} finally {
  await browser.close();
}
