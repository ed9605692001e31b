/**
 * The 3D generator on the Monaco extract with the Monaco SRTM tile, at 43.7396, 7.4276, radius 0.1,
 * 0.3, 0.6 and 1.0 km, HD and SD: wall time (index already built), peak memory, triangles, GLB bytes,
 * buildings. Goals: 0.3 km HD under 2 s on one core, GLB under 3 MB, cost growing no faster than the
 * number of buildings (the "ms per building" column).
 *
 *   node bench/generator.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateModel, indexExtract } from '../src/modelgen/index.ts';

const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
if (!fs.existsSync(SHARED)) {
  console.log(`Skipped: ${SHARED} (recorded OSM and terrain data) is absent.`);
  process.exit(0);
}
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-bench-'));
const terrainDir = path.join(cacheDir, 'terrain');
fs.mkdirSync(terrainDir);
fs.copyFileSync(path.join(SHARED, 'terrain/N43E007.hgt.zip'), path.join(terrainDir, 'N43E007.hgt.zip'));
const sources = { overpassUrl: 'http://127.0.0.1:9', osmExtract: path.join(SHARED, 'osm/monaco-latest.osm.pbf'), terrainDir, cacheDir };
const run = (radiusKm: number, quality: 'hd' | 'sd') => generateModel({ latitude: 43.7396, longitude: 7.4276, radiusKm, quality, sources }, () => {});

const indexStart = performance.now();
await indexExtract(sources.osmExtract, cacheDir); // as an operator does once, before the service runs
const indexMs = performance.now() - indexStart;
await run(0.1, 'sd'); // warms up

console.log(`\n${new Date().toISOString().slice(0, 10)} · ${os.cpus()[0]?.model ?? 'cpu'} · Node ${process.version} · one thread · indexing the extract (solar-partner osm index): ${Math.round(indexMs)} ms\n`);
console.log('| radius km | quality | ms (median of 3) | peak RSS MB | buildings | triangles | GLB KB | ms per building |');
console.log('|---:|---|---:|---:|---:|---:|---:|---:|');
for (const radiusKm of [0.1, 0.3, 0.6, 1.0]) {
  for (const quality of ['hd', 'sd'] as const) {
    const times: number[] = [];
    let summary: Record<string, string | number | boolean> = {};
    let peak = 0;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      summary = (await run(radiusKm, quality)).summary;
      times.push(performance.now() - t);
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    times.sort((a, b) => a - b);
    const buildings = Number(summary.buildings);
    console.log(`| ${radiusKm} | ${quality.toUpperCase()} | ${Math.round(times[1])} | ${Math.round(peak / 1e6)} | ${buildings} | ${summary.triangles} | ${Math.round(Number(summary.bytes) / 1024)} | ${(times[1] / Math.max(buildings, 1)).toFixed(2)} |`);
  }
}
fs.rmSync(cacheDir, { recursive: true, force: true });
