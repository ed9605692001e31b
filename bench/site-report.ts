/**
 * The site report: time to check the snapshot and make the PDF on the server (median of 15 after one
 * warm-up, which loads the font), and the PDF's size, for the sample design and an 800 × 450 snapshot;
 * and the viewer bundle's share of the languages (gzip of each built script).
 *
 *   npm run build && node bench/site-report.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { WEB_DIST_DIR } from '../src/http/viewer-page.ts';
import { readSnapshot } from '../src/report/report-snapshot.ts';
import { siteReportPdf } from '../src/report/site-report-pdf.ts';
import { SAMPLE_DESIGN, sampleSnapshot } from '../test/helpers/sample-report.ts';

const RUNS = 15;
const dataUrl = await sampleSnapshot();
const once = async (): Promise<{ snapshotMs: number; pdfMs: number; bytes: number }> => {
  const t0 = performance.now();
  const snapshot = await readSnapshot(dataUrl);
  const t1 = performance.now();
  const pdf = await siteReportPdf({ design: SAMPLE_DESIGN, language: 'de', company: 'Sonnendach GmbH', address: 'Städtle 1, 9490 Vaduz', snapshot, made: new Date(), timeZone: 'Europe/Vaduz' });
  return { snapshotMs: t1 - t0, pdfMs: performance.now() - t1, bytes: pdf.length };
};
const first = await once();
const runs = [];
for (let i = 0; i < RUNS; i++) runs.push(await once());
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`first report (font loaded): snapshot ${first.snapshotMs.toFixed(0)} ms, PDF ${first.pdfMs.toFixed(0)} ms`);
console.log(`median of ${RUNS}: snapshot check and re-encode ${median(runs.map((r) => r.snapshotMs)).toFixed(1)} ms, PDF ${median(runs.map((r) => r.pdfMs)).toFixed(1)} ms, ${(runs[0].bytes / 1024).toFixed(1)} KB`);

const assets = path.join(WEB_DIST_DIR, 'assets');
if (fs.existsSync(assets)) {
  for (const name of fs.readdirSync(assets).filter((file) => file.endsWith('.js')).sort()) {
    console.log(`${name}: ${(zlib.gzipSync(fs.readFileSync(path.join(assets, name)), { level: 9 }).length / 1024).toFixed(1)} KB gzip`);
  }
}
