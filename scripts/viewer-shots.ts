/**
 * Screenshots of the viewer on a running service, as a visitor sees it: Monaco, Vaduz and Sergiev
 * Posad at 09:00 and 16:00 local time on 21 June, at desktop (1280 × 800) and phone (390 × 844) size.
 * Each place's model is made from its recorded OSM extract (and the Monaco SRTM tile).
 *
 *   npm run build && node scripts/viewer-shots.ts <out-dir> [place,place…] [prefix]
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '../test/helpers/browser.ts';
import { createListeningContext } from '../test/helpers/listening-service.ts';

const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
const PLACES: Record<string, { lat: number; lng: number; extract: string }> = {
  monaco: { lat: 43.7396, lng: 7.4276, extract: 'osm/monaco-latest.osm.pbf' },
  vaduz: { lat: 47.1397, lng: 9.5215, extract: 'osm/liechtenstein-2024-03-04.osm.pbf' },
  'sergiev-posad': { lat: 56.3103, lng: 38.13, extract: 'osm/sergiev-posad-lavra.osm.gz' },
};
const MOMENTS = { morning: 9 * 60, afternoon: 16 * 60 };
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

const [outDir, which = Object.keys(PLACES).join(','), prefix = 'look'] = process.argv.slice(2);
if (!outDir) {
  process.stderr.write('Usage: node scripts/viewer-shots.ts <out-dir> [places] [prefix]\n');
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });
const browser = await launchBrowser();
try {
  for (const name of which.split(',')) {
    const place = PLACES[name];
    const ctx = await createListeningContext({ workers: 1, realGenerator: true, env: { OSM_EXTRACT: path.join(SHARED, place.extract), TERRAIN_DIR: path.join(SHARED, 'terrain'), LOG_LEVEL: 'silent' } });
    try {
      const key = await ctx.createKey();
      for (const [sizeName, viewport] of Object.entries(SIZES)) {
        const page = await browser.newPage({ viewport });
        page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
        page.on('console', (message) => message.type() === 'error' && process.stderr.write(`console: ${message.text()}\n`));
        await page.goto(`${ctx.baseUrl}/embed?lat=${place.lat}&lng=${place.lng}&key=${key}`);
        await page.waitForSelector('#app[data-state="ready"]', { timeout: 300_000 });
        for (const [moment, minutes] of Object.entries(MOMENTS)) {
          const before = Number(await page.locator('#app').getAttribute('data-frames'));
          await page.fill('#date', '2026-06-21');
          await page.locator('#time').fill(String(minutes));
          await page.waitForFunction((n) => Number(document.getElementById('app')?.dataset.frames) > n, before);
          await page.waitForTimeout(400);
          const file = path.join(outDir, `${prefix}-${name}-${moment}-${sizeName}.png`);
          await page.screenshot({ path: file });
          process.stdout.write(`${file}\n`);
        }
        await page.close();
      }
    } finally {
      await ctx.close();
    }
  }
} finally {
  await browser.close();
}
