/**
 * The viewer in headless Chromium on this machine (WebGL on SwiftShader, the CPU):
 * - JavaScript and CSS a page loads, raw and compressed (goal: JS under 300 KB gzip; of the language
 *   catalogues, the largest one: a page loads its own language's only, none in English);
 * - navigation to the first frame showing a cached Monaco 0.3 km HD model (goal: under 2 s), split
 *   into its parts, with a baseline measured in the same run: navigation to first paint of a page
 *   served by the same service that loads no model (the service's own 401 page);
 * - frames drawn while the page sits idle for 3 s (goal: none).
 *
 *   npm run build && node bench/viewer-load.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchBrowser } from '../test/helpers/browser.ts';
import { createListeningContext } from '../test/helpers/listening-service.ts';
import { WEB_DIST_DIR } from '../src/http/viewer-page.ts';

const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
if (!fs.existsSync(SHARED)) {
  console.log(`Skipped: ${SHARED} (recorded OSM and terrain data) is absent.`);
  process.exit(0);
}
const RUNS = 7;
const assets = path.join(WEB_DIST_DIR, 'assets');
const size = (pattern: RegExp) => fs.readdirSync(assets).filter((name) => pattern.test(name)).map((name) => fs.readFileSync(path.join(assets, name)));
// A page loads one language catalogue at most (none in English): the largest one counts.
const CATALOGUE = /^(de|fr|it|es|nl)-.*\.js$/;
const largestCatalogue = size(CATALOGUE).sort((a, b) => zlib.gzipSync(b).length - zlib.gzipSync(a).length).slice(0, 1);
const worker = size(/worker.*\.js$/);
const page = [...fs.readdirSync(assets).filter((name) => /\.js$/.test(name) && !/worker/.test(name) && !CATALOGUE.test(name)).map((name) => fs.readFileSync(path.join(assets, name))), ...largestCatalogue];
const js = [...page, ...worker];
const css = size(/\.css$/);
const sum = (files: Buffer[], pack: (b: Buffer) => Buffer = (b) => b) => files.reduce((total, file) => total + pack(file).length, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const ctx = await createListeningContext({
  workers: 1,
  realGenerator: true,
  env: { OSM_EXTRACT: path.join(SHARED, 'osm/monaco-latest.osm.pbf'), TERRAIN_DIR: path.join(SHARED, 'terrain'), LOG_LEVEL: 'silent' },
});
const key = await ctx.createKey();
const url = `${ctx.baseUrl}/embed?lat=43.7396&lng=7.4276&key=${key}`;
const browser = await launchBrowser();
try {
  // Generate the model once so every measured run is a cache hit.
  const warm = await browser.newPage();
  await warm.goto(url);
  await warm.waitForSelector('#app[data-state="ready"]', { timeout: 120_000 });
  await warm.close();

  const marks: Record<string, number[]> = { baseline: [], dom: [], job: [], glb: [], frame: [], idle: [] };
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${ctx.baseUrl}/embed?lat=43.7396&lng=7.4276&key=spk_unknown`);
    marks.baseline.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? performance.timing.loadEventEnd - performance.timing.navigationStart));
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('viewer:first-model-frame').length > 0, null, { timeout: 30_000 });
    const timing = await page.evaluate(() => {
      const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { dom: navigation.domContentLoadedEventEnd, job: at('viewer:model-ready'), glb: at('viewer:model-loaded'), frame: at('viewer:first-model-frame') };
    });
    for (const name of ['dom', 'job', 'glb', 'frame'] as const) marks[name].push(timing[name]);
    const frames = () => page.evaluate(() => Number(document.getElementById('app')!.dataset.frames));
    await page.waitForTimeout(500);
    const settled = await frames();
    await page.waitForTimeout(3000);
    marks.idle.push((await frames()) - settled);
    await context.close();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const ms = (name: string) => `${Math.round(median(marks[name]))} ms`;
  console.log(`\n${new Date().toISOString().slice(0, 10)} · ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length} · Chromium headless (SwiftShader) · median of ${RUNS} fresh browser contexts\n`);
  console.log('| shipped | raw | gzip | brotli |');
  console.log('|---|---|---|---|');
  for (const [label, files] of [['JavaScript of the page', page], ['JavaScript of the shading worker (loaded when the wizard opens)', worker], ['JavaScript, all', js]] as const) {
    console.log(`| ${label} | ${kb(sum(files))} | ${kb(sum(files, (b) => zlib.gzipSync(b, { level: 9 })))} | ${kb(sum(files, (b) => zlib.brotliCompressSync(b)))} |`);
  }
  console.log(`| CSS | ${kb(sum(css))} | ${kb(sum(css, (b) => zlib.gzipSync(b, { level: 9 })))} | ${kb(sum(css, (b) => zlib.brotliCompressSync(b)))} |`);
  console.log('\n| from navigation to | median |');
  console.log('|---|---|');
  console.log(`| baseline: first paint of the service's 401 page (no script) | ${ms('baseline')} |`);
  console.log(`| viewer page parsed, script run (DOMContentLoaded) | ${ms('dom')} |`);
  console.log(`| model job answered ready (cache hit) | ${ms('job')} |`);
  console.log(`| GLB downloaded and decoded | ${ms('glb')} |`);
  console.log(`| **first frame showing the model** | **${ms('frame')}** |`);
  console.log(`| frames drawn in 3 s idle | ${median(marks.idle)} |`);
} finally {
  await browser.close();
  await ctx.close();
}
