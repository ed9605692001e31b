/**
 * The Solar Wizard's shading in headless Chromium on this machine, on real Monaco roofs: for each roof,
 * the panels placed, the time the worker takes to trace their yearly shading (12 days, every 30 min,
 * plus 96 sky directions, from 5 points a panel), the time from the click to the finished design, and
 * the longest pause of the page's frame loop while panels are placed and shaded, beside the same
 * measure in the same run while the visitor turns the view (every frame redrawn by WebGL on the CPU,
 * no shading: the baseline) and on the idle page. Goal: 40 panels under 1.5 s, and the page keeps
 * rendering (the pause while shading no longer than a redraw's).
 *
 *   npm run build && node bench/wizard-shading.ts
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
  console.log(`Skipped: ${SHARED} (recorded OSM data) is absent.`);
  process.exit(0);
}
// Flat-roofed Monaco blocks of different sizes (OSM ways) and a point on each roof.
const ROOFS = [
  { id: 'way/94252435', lat: 43.73811936630324, lng: 7.424522415823264 },
  { id: 'way/94400143', lat: 43.7387325, lng: 7.4243109 },
  { id: 'way/94399747', lat: 43.73854820918986, lng: 7.424039557342369 },
];

const ctx = await createListeningContext({ workers: 1, realGenerator: true, env: { OSM_EXTRACT: path.join(SHARED, 'osm/monaco-latest.osm.pbf'), LOG_LEVEL: 'silent' } });
const key = await ctx.createKey();
const browser = await launchBrowser();

/** Longest gap between animation frames (ms) while `during` runs. */
const longestFramePause = async (page: Page, during: () => Promise<void>): Promise<number> => (await responsiveness(page, during)).gap;

try {
  console.log(`\n${new Date().toISOString().slice(0, 10)} · ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length} · Chromium headless (SwiftShader)\n`);
  console.log('| roof | panels traced | worker shading | click → design shown | longest frame pause: idle | turning the view (baseline) | placing and shading |');
  console.log('|---|---|---|---|---|---|---|');
  for (const roof of ROOFS) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${ctx.baseUrl}/embed?lat=${roof.lat}&lng=${roof.lng}&key=${key}`);
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 120_000 });
    await page.keyboard.press('p');
    // Opening the wizard compiles the panels' shaders and sends the model to the worker.
    await page.waitForTimeout(1000);
    const idle = await longestFramePause(page, () => page.waitForTimeout(1500));
    const box = (await page.locator('#stage canvas').boundingBox())!;
    let clickToDesign = 0;
    const busy = await longestFramePause(page, async () => {
      const start = Date.now();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForFunction(() => ['done', 'error', 'empty'].includes(document.getElementById('side-panel')!.dataset.state ?? ''), null, { timeout: 60_000 });
      clickToDesign = Date.now() - start;
    });
    const data = await page.evaluate(() => ({ ...document.getElementById('side-panel')!.dataset }));
    let turningFrames = 0;
    // Baseline: the same measure while the visitor turns the view (every frame redrawn, no shading).
    const turning = await longestFramePause(page, async () => {
      const before = await page.evaluate(() => Number(document.getElementById('app')!.dataset.frames));
      await page.mouse.move(box.x + 600, box.y + 400);
      await page.mouse.down();
      await page.mouse.move(box.x + 640, box.y + 400, { steps: 6 });
      await page.mouse.move(box.x + 600, box.y + 400, { steps: 6 });
      await page.mouse.up();
      await page.waitForTimeout(300);
      turningFrames = (await page.evaluate(() => Number(document.getElementById('app')!.dataset.frames))) - before;
    });
    if (data.roof !== roof.id) throw new Error(`picked ${data.roof} instead of ${roof.id}`);
    console.log(`| ${roof.id} | ${data.candidates} | ${data.shadingMs} ms | ${clickToDesign} ms | ${Math.round(idle)} ms | ${Math.round(turning)} ms (${turningFrames} frames) | ${Math.round(busy)} ms |`);
    await page.close();
  }
} finally {
  await browser.close();
  await ctx.close();
}
