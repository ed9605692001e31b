/**
 * The viewer's first frame of a cached Monaco 0.3 km HD model, this checkout against another one (each
 * serving its own build and generating its own model), measured in alternation (A B, B A, …) in fresh
 * headless Chromium contexts, so the machine's load weighs on both alike. Reports each mark's median
 * per checkout (the steps between the job's answer and the first frame where the checkout marks them)
 * and the median of the paired ratios of the first frame *drawn*: the page marks the moment it hands
 * the frame to the GPU process, and the bench reads a pixel back to find when that process has drawn it.
 *
 *   npm run build && (cd <baseline> && npm run build) && node bench/viewer-load-ab.ts <baseline checkout> [pairs, default 8]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../test/helpers/browser.ts';

const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
if (!fs.existsSync(SHARED)) {
  console.log(`Skipped: ${SHARED} (recorded OSM and terrain data) is absent.`);
  process.exit(0);
}
const here = path.resolve(import.meta.dirname, '..');
const baseline = path.resolve(process.argv[2] ?? path.join(here, '../baseline'));
const pairs = Number(process.argv[3] ?? 8);
/** Pause after each visit (ms). */
const QUIET_MS = 1500;
const MARKS = ['dom', 'job', 'context', 'view', 'decoded', 'glb', 'frame', 'drawn'] as const;
type Marks = Record<(typeof MARKS)[number], number>;

/** Starts a checkout's service (its own build, database and generator) and returns its embed URL. */
async function serve(checkout: string): Promise<{ url: string; close: () => Promise<void> }> {
  const { createListeningContext } = (await import(path.join(checkout, 'test/helpers/listening-service.ts'))) as typeof import('../test/helpers/listening-service.ts');
  const ctx = await createListeningContext({
    workers: 1,
    realGenerator: true,
    env: { OSM_EXTRACT: path.join(SHARED, 'osm/monaco-latest.osm.pbf'), TERRAIN_DIR: path.join(SHARED, 'terrain'), LOG_LEVEL: 'silent' },
  });
  return { url: `${ctx.baseUrl}/embed?lat=43.7396&lng=7.4276&key=${await ctx.createKey()}`, close: () => ctx.close() };
}

/** One visit in a fresh context: navigation to each mark, milliseconds. */
async function visit(browser: Browser, url: string): Promise<Marks> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    // The first frame's mark is set once the page's thread has handed the frame to the GPU process, which
    // may defer the work (ANGLE records draws and runs them when the frame is read or presented; a software
    // renderer compiles each program on its first draw). Reading one pixel back waits until the frame is
    // drawn, as the compositor's own read-back of the canvas would a moment later: the visitor sees it then.
    await context.addInitScript(() => {
      const mark = performance.mark.bind(performance);
      performance.mark = (name: string, options?: PerformanceMarkOptions) => {
        const entry = mark(name, options);
        if (name === 'viewer:first-model-frame') {
          const canvas = document.querySelector('canvas')!;
          const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl'))!;
          gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
          mark('bench:first-frame-drawn');
        }
        return entry;
      };
    });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('bench:first-frame-drawn').length > 0, null, { timeout: 60_000 });
    return await page.evaluate(() => {
      const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return {
        dom: navigation.domContentLoadedEventEnd,
        job: at('viewer:model-ready'),
        context: at('viewer:context-made'),
        view: at('viewer:view-set-up'),
        decoded: at('viewer:glb-decoded'),
        glb: at('viewer:model-loaded'),
        frame: at('viewer:first-model-frame'),
        drawn: at('bench:first-frame-drawn'),
      };
    });
  } finally {
    await context.close();
    // The next visit starts on a quiet browser: the GPU process frees this page's context and programs
    // meanwhile, which would otherwise weigh on the next page's first frame (as no real visit has it).
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  }
}

const services = { baseline: await serve(baseline), this: await serve(here) };
const browser = await launchBrowser();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** A median in whole milliseconds, or a dash for a mark the checkout does not set. */
const ms = (values: number[]) => (values.some(Number.isNaN) ? '–' : String(Math.round(median(values))));
try {
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  for (const service of Object.values(services)) await visit(browser, service.url); // generate and cache both models
  const results = { baseline: [] as Marks[], this: [] as Marks[] };
  for (let pair = 0; pair < pairs; pair++) {
    const order = pair % 2 === 0 ? (['baseline', 'this'] as const) : (['this', 'baseline'] as const);
    for (const name of order) results[name].push(await visit(browser, services[name].url));
  }
  console.log(`\n${new Date().toISOString().slice(0, 16)} UTC · ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length} · Chromium headless (SwiftShader) · ${pairs} alternated pairs · load average ${load} at the start, ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the end\n`);
  console.log('| from navigation to (median ms) | baseline | this |');
  console.log('|---|---:|---:|');
  const labels: Record<(typeof MARKS)[number], string> = {
    dom: 'page parsed, script run (DOMContentLoaded)',
    job: 'model job answered ready (cache hit)',
    context: 'WebGL context made',
    view: 'view and its tools set up',
    decoded: 'GLB downloaded and decoded (geometry and texture images)',
    glb: 'model ready to draw (baseline before materials: decoded; else shaders compiled, shadow map drawn)',
    frame: 'first frame showing the model, handed to the GPU process',
    drawn: '**that frame drawn** (what the visitor sees)',
  };
  for (const mark of MARKS) console.log(`| ${labels[mark]} | ${ms(results.baseline.map((r) => r[mark]))} | ${ms(results.this.map((r) => r[mark]))} |`);
  const after = (r: Marks) => r.drawn - r.job;
  console.log(`| model ready to first frame drawn (download, decode, first draw) | ${Math.round(median(results.baseline.map(after)))} | ${Math.round(median(results.this.map(after)))} |`);
  const gpu = (r: Marks) => r.drawn - r.frame;
  console.log(`| first frame handed → drawn (the GPU process's work) | ${Math.round(median(results.baseline.map(gpu)))} | ${Math.round(median(results.this.map(gpu)))} |`);
  const ratios = results.this.map((r, i) => r.drawn / results.baseline[i].drawn);
  console.log(`\nFirst frame drawn, this ÷ baseline per pair: ${ratios.map((r) => r.toFixed(2)).join(', ')}; median ${median(ratios).toFixed(2)}`);
  console.log(`First frames drawn, baseline: ${results.baseline.map((r) => Math.round(r.drawn)).join(', ')}; this: ${results.this.map((r) => Math.round(r.drawn)).join(', ')}`);
  const handed = results.this.map((r, i) => r.frame / results.baseline[i].frame);
  console.log(`First frame handed to the GPU process, this ÷ baseline per pair: median ${median(handed).toFixed(2)}`);
} finally {
  await browser.close();
  for (const service of Object.values(services)) await service.close();
}
