/**
 * The sunlight heatmap in headless Chromium on this machine, on the Monaco 0.3 km HD model (OSM and
 * SRTM terrain, around the Casino): time from the toggle to every cell computed, the cells, and how
 * responsive the page stays meanwhile — the longest gap between animation frames (a frame requested
 * every tick) and the longest main-thread task (PerformanceObserver "longtask") — beside the same
 * measures while the visitor turns the view with no heatmap (the baseline, in the same run).
 * Goal: under 5 s, no frame pause over 100 ms while it computes.
 *
 *   npm run build && node bench/insight-heatmap.ts [--cores N]
 *
 * `--cores N` makes the page see N cores (navigator.hardwareConcurrency), which sets its worker count.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../test/helpers/browser.ts';
import { responsiveness } from './page-responsiveness.ts';
import { createListeningContext } from '../test/helpers/listening-service.ts';

const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
if (!fs.existsSync(SHARED)) {
  console.log(`Skipped: ${SHARED} (recorded OSM and terrain data) is absent.`);
  process.exit(0);
}
const RUNS = 3;
const coresArg = process.argv.indexOf('--cores');
const cores = coresArg > 0 ? Number(process.argv[coresArg + 1]) : undefined;
const ctx = await createListeningContext({
  workers: 1,
  realGenerator: true,
  env: { OSM_EXTRACT: path.join(SHARED, 'osm/monaco-latest.osm.pbf'), TERRAIN_DIR: path.join(SHARED, 'terrain'), LOG_LEVEL: 'silent' },
});
const url = `${ctx.baseUrl}/embed?lat=43.7396&lng=7.4276&key=${await ctx.createKey()}`;
const browser = await launchBrowser();

try {
  const warm = await browser.newPage();
  await warm.goto(url);
  await warm.waitForSelector('#app[data-state="ready"]', { timeout: 180_000 });
  await warm.close();
  console.log(`\n${new Date().toISOString().slice(0, 16)} · ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length} · load average ${os.loadavg()[0].toFixed(1)} · Chromium headless (SwiftShader) · 1280×800${cores ? ` · page sees ${cores} cores` : ''}\n`);
  console.log('| run | cells (roof, facade, ground) | toggle → all computed | workers | rAF gap: turning the view (baseline) | rAF gap: computing | longest main-thread task: turning | computing | the heatmap’s own longest main-thread step |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (let run = 1; run <= RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    if (cores) await page.addInitScript((n) => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => n }), cores);
    await page.goto(url);
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    await page.waitForTimeout(1500);
    const box = (await page.locator('#stage canvas').boundingBox())!;
    const turning = await responsiveness(page, async () => {
      await page.mouse.move(box.x + 600, box.y + 400);
      await page.mouse.down();
      await page.mouse.move(box.x + 640, box.y + 400, { steps: 6 });
      await page.mouse.move(box.x + 600, box.y + 400, { steps: 6 });
      await page.mouse.up();
      // The turn ends with the frame at rest, 300 ms after the last move: it belongs to the turn. The
      // view is at rest once no frame came for 600 ms.
      const frames = () => page.evaluate(() => Number(document.getElementById('app')!.dataset.frames));
      for (let before = -1, now = await frames(); now !== before; before = now, now = await frames()) await page.waitForTimeout(600);
    });
    let elapsed = 0;
    const computing = await responsiveness(page, async () => {
      const start = Date.now();
      await page.locator('#heatmap-toggle').click();
      await page.waitForFunction(() => document.getElementById('heatmap-legend')?.dataset.state === 'done', null, { timeout: 180_000 });
      elapsed = Date.now() - start;
    });
    const data: Record<string, string | undefined> = await page.evaluate(() => ({ ...document.getElementById('heatmap-legend')!.dataset, workers: String(navigator.hardwareConcurrency) }));
    console.log(`| ${run} | ${data.cells} | ${(elapsed / 1000).toFixed(1)} s (worker clock ${(Number(data.milliseconds) / 1000).toFixed(1)} s) | ${Math.max(1, Math.min(4, Number(data.workers) - 1))} | ${Math.round(turning.gap)} ms | ${Math.round(computing.gap)} ms | ${Math.round(turning.task)} ms | ${Math.round(computing.task)} ms | ${data.mainThreadMs} ms |`);
    await context.close();
  }
} finally {
  await browser.close();
  await ctx.close();
}
