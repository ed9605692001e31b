/**
 * Takes a PNG screenshot of a page of a running service with the machine's Chromium.
 *
 *   node scripts/screenshot.ts <url> <out.png> [width] [height]
 */
import { chromium } from 'playwright-core';

const [url, out, width = '1280', height = '800'] = process.argv.slice(2);
if (!url || !out) {
  process.stderr.write('Usage: node scripts/screenshot.ts <url> <out.png> [width] [height]\n');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.screenshot({ path: out });
} finally {
  await browser.close();
}
