/**
 * Lighthouse (mobile: Moto G power emulation, simulated slow 4G and 4× CPU slowdown) on `/embed` of a
 * cached Monaco 0.3 km HD model, in the machine's Chromium with WebGL on SwiftShader. Goals: performance
 * 90 or more, total blocking time under 300 ms. Each checkout given is measured in turn with its own
 * code and its own built viewer (`npm run build` in it first), so a baseline comes from the same run.
 *
 *   npm run build && npx node bench/lighthouse-embed.ts [checkout …] (default: this checkout)
 *
 * Lighthouse's mobile emulation is a touch screen, where the embed opens on its start card (the 3D view
 * starts on a tap); EMBED_QUERY='&autostart=true' measures the 3D view opening at once instead.
 *
 * Lighthouse is run through npx at a pinned version (not a dependency of the project: only this bench
 * needs it, and it brings a hundred packages).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_PATH } from '../test/helpers/browser.ts';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const RUNS = Number(process.env.RUNS ?? 3);
const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
if (!fs.existsSync(SHARED)) {
  console.log(`Skipped: ${SHARED} (recorded OSM and terrain data) is absent.`);
  process.exit(0);
}
const run = promisify(execFile);
const EMBED_QUERY = process.env.EMBED_QUERY ?? '';
const checkouts = process.argv.slice(2).length > 0 ? process.argv.slice(2) : [path.resolve(import.meta.dirname, '..')];

interface Report {
  categories: Record<string, { score: number }>;
  audits: Record<string, { numericValue?: number; details?: { items?: { url?: string; transferSize?: number; resourceSize?: number }[] } }>;
}

/** One Lighthouse run on `url`: performance, accessibility, the paint and blocking times and bytes sent. */
async function lighthouse(url: string): Promise<Report> {
  const out = path.join(os.tmpdir(), `lighthouse-${process.pid}-${Date.now()}.json`);
  await run('npx', ['--yes', LIGHTHOUSE, url, '--quiet', '--output=json', `--output-path=${out}`, '--only-categories=performance,accessibility',
    '--chrome-flags=--headless=new --no-sandbox --use-angle=swiftshader --enable-unsafe-swiftshader --ignore-gpu-blocklist --disable-gpu-sandbox'],
  { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 });
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as Report;
  // LIGHTHOUSE_KEEP=<file> keeps the last whole report, to read its long tasks and main-thread work.
  if (process.env.LIGHTHOUSE_KEEP) fs.copyFileSync(out, process.env.LIGHTHOUSE_KEEP);
  fs.rmSync(out);
  return report;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows: string[] = [];
for (const checkout of checkouts) {
  const { createListeningContext } = (await import(path.join(checkout, 'test/helpers/listening-service.ts'))) as typeof import('../test/helpers/listening-service.ts');
  const { launchBrowser } = (await import(path.join(checkout, 'test/helpers/browser.ts'))) as typeof import('../test/helpers/browser.ts');
  const ctx = await createListeningContext({
    workers: 1,
    realGenerator: true,
    env: { OSM_EXTRACT: path.join(SHARED, 'osm/monaco-latest.osm.pbf'), TERRAIN_DIR: path.join(SHARED, 'terrain'), LOG_LEVEL: 'silent' },
  });
  try {
    const key = await ctx.createKey();
    const url = `${ctx.baseUrl}/embed?lat=43.7396&lng=7.4276&key=${key}${EMBED_QUERY}`;
    // Generate the model once, so Lighthouse measures what a visitor of an existing place gets.
    const browser = await launchBrowser();
    const warm = await browser.newPage();
    await warm.goto(`${ctx.baseUrl}/embed?lat=43.7396&lng=7.4276&key=${key}`);
    await warm.waitForSelector('#app[data-state="ready"]', { timeout: 180_000 });
    await browser.close();
    const figures = { performance: [] as number[], accessibility: [] as number[], tbt: [] as number[], fcp: [] as number[], lcp: [] as number[], glb: [] as number[], total: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      const report = await lighthouse(url);
      figures.performance.push(Math.round(report.categories.performance.score * 100));
      figures.accessibility.push(Math.round(report.categories.accessibility.score * 100));
      figures.tbt.push(report.audits['total-blocking-time'].numericValue!);
      figures.fcp.push(report.audits['first-contentful-paint'].numericValue!);
      figures.lcp.push(report.audits['largest-contentful-paint'].numericValue!);
      const items = report.audits['network-requests'].details?.items ?? [];
      const glb = items.find((item) => item.url?.endsWith('.glb'));
      // Without autostart the embed opens on its start card: no model is downloaded.
      if (glb) figures.glb.push(glb.transferSize ?? 0);
      figures.total.push(report.audits['total-byte-weight'].numericValue!);
      console.error(`${path.basename(checkout)} run ${i + 1}: performance ${figures.performance.at(-1)}, TBT ${Math.round(figures.tbt.at(-1)!)} ms, ${glb ? `GLB ${glb.transferSize} of ${glb.resourceSize} bytes` : 'no model downloaded (the start card)'}`);
    }
    const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
    rows.push(`| ${checkout}${EMBED_QUERY ? ` (${EMBED_QUERY})` : ''} | ${median(figures.performance)} (${figures.performance.join(', ')}) | ${Math.round(median(figures.tbt))} ms (${figures.tbt.map(Math.round).join(', ')}) | ${Math.round(median(figures.fcp))} ms | ${Math.round(median(figures.lcp))} ms | ${figures.glb.length > 0 ? kb(median(figures.glb)) : 'none (start card)'} | ${kb(median(figures.total))} | ${median(figures.accessibility)} |`);
  } finally {
    await ctx.close();
  }
}
console.log(`\n${new Date().toISOString().slice(0, 10)} · ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length} · ${LIGHTHOUSE} mobile (simulated throttling) · Chromium headless, SwiftShader · median of ${RUNS} runs\n`);
console.log('| checkout | performance (runs) | total blocking time (runs) | first contentful paint | largest contentful paint | GLB sent | all bytes sent | accessibility |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
