/**
 * Ground and seating, this checkout against a baseline checkout, in the same run. Each model is built
 * as a whole process (bench/ground-model.ts under /usr/bin/time -v, pinned to one core with taskset)
 * after a warm-up that builds the extract's index; figures are measured from the GLB.
 *
 * - Monaco 0.3 km HD with SRTM (43.7396, 7.4276): buildings with more than 5 / 10 / 50 % of their roof
 *   area under the drawn ground (goal 0 over 5 %), worst gap under a wall (goal ≤ 0.5 m).
 * - Helsinki centre (60.1699, 24.9441) HD at 1 and 5 km: the 5 km GLB at most 1.5 × the 1 km one.
 * - Vaduz (47.1410, 9.5209, Liechtenstein extract) HD at 2 and 5 km: under 2 s and 5 s, peak memory
 *   under 600 MB, GLB under 15 MB.
 *
 *   node bench/ground.ts [baseline checkout, default ../baseline]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureSeating } from '../test/helpers/ground-measure.ts';

const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
if (!fs.existsSync(SHARED)) {
  console.log(`Skipped: ${SHARED} (recorded OSM and terrain data) is absent.`);
  process.exit(0);
}
const here = path.resolve(import.meta.dirname, '..');
const baseline = path.resolve(process.argv[2] ?? path.join(here, '../baseline'));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-ground-bench-'));
const terrainDir = path.join(work, 'terrain');
fs.mkdirSync(terrainDir);
fs.copyFileSync(path.join(SHARED, 'terrain/N43E007.hgt.zip'), path.join(terrainDir, 'N43E007.hgt.zip'));
const node = path.join(here, 'node_modules/.bin/node');

interface Run {
  seconds: number;
  userSeconds: number;
  peakMb: number;
  glb: Uint8Array;
  summary: Record<string, unknown>;
}

/** One model as one process on one core: wall and user time, peak resident memory, the GLB. */
function run(checkout: string, place: { lat: number; lon: number; extract: string; terrain: boolean }, radiusKm: number): Run {
  const out = path.join(work, 'model.glb');
  const cache = path.join(work, `cache-${path.basename(checkout)}`);
  fs.mkdirSync(cache, { recursive: true });
  const args = [node, path.join(here, 'bench/ground-model.ts'), checkout, String(place.lat), String(place.lon), String(radiusKm), 'hd', path.join(SHARED, place.extract), place.terrain ? terrainDir : '-', out, cache];
  const timing = path.join(work, 'time.txt');
  const stdout = execFileSync('/usr/bin/time', ['-v', '-o', timing, 'taskset', '-c', '1', ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const time = fs.readFileSync(timing, 'utf8');
  const field = (name: string) => time.split('\n').find((line) => line.includes(name))!.split(': ').pop()!.trim();
  const [minutes, seconds] = field('Elapsed (wall clock)').split(':').map(Number).slice(-2);
  return { seconds: minutes * 60 + seconds, userSeconds: Number(field('User time')), peakMb: Number(field('Maximum resident set size')) / 1024, glb: new Uint8Array(fs.readFileSync(out)), summary: JSON.parse(stdout.trim().split('\n').pop()!) };
}

const MONACO = { lat: 43.7396, lon: 7.4276, extract: 'osm/monaco-latest.osm.pbf', terrain: true };
const HELSINKI = { lat: 60.1699, lon: 24.9441, extract: 'osm/helsinki-centre-2019.osm.pbf', terrain: false };
const VADUZ = { lat: 47.141, lon: 9.5209, extract: 'osm/liechtenstein-2024-03-04.osm.pbf', terrain: false };
const checkouts = { baseline, this: here };
const mb = (bytes: number) => (bytes / 1e6).toFixed(2);

console.log(`\n${new Date().toISOString().slice(0, 16)} UTC · ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length} · Node (project's) · each model one process on core 1 · load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
for (const checkout of Object.values(checkouts)) for (const place of [MONACO, HELSINKI, VADUZ]) run(checkout, place, 0.1); // index the extracts

console.log('**Monaco 0.3 km HD, SRTM** (roof area under the drawn ground, per building; gap under walls standing on the ground)\n');
console.log('| checkout | buildings | > 5 % under | > 10 % | > 50 % | worst wall gap m | ground triangles | s | peak MB | GLB MB |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [name, checkout] of Object.entries(checkouts)) {
  const r = run(checkout, MONACO, 0.3);
  const m = await measureSeating(r.glb);
  const over = (share: number) => m.roofUnder.filter((b) => b.share > share).length;
  console.log(`| ${name} | ${m.buildings} | ${over(0.05)} | ${over(0.1)} | ${over(0.5)} | ${m.worstWallGap.toFixed(2)} | ${m.groundTriangles} | ${r.seconds.toFixed(2)} | ${r.peakMb.toFixed(0)} | ${mb(r.glb.byteLength)} |`);
}

console.log('\n**Helsinki centre and Vaduz, HD, whole process on one core**\n');
console.log('| place | radius km | checkout | wall s | user s | peak MB | GLB MB | buildings | triangles |');
console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|');
const results = new Map<string, Run>();
for (const [placeName, place, radii] of [['Helsinki', HELSINKI, [1, 5]], ['Vaduz', VADUZ, [2, 5]]] as const) {
  for (const radiusKm of radii) {
    for (const [name, checkout] of Object.entries(checkouts)) {
      const r = run(checkout, place, radiusKm);
      results.set(`${placeName} ${radiusKm} ${name}`, r);
      console.log(`| ${placeName} | ${radiusKm} | ${name} | ${r.seconds.toFixed(2)} | ${r.userSeconds.toFixed(2)} | ${r.peakMb.toFixed(0)} | ${mb(r.glb.byteLength)} | ${r.summary.buildings} | ${r.summary.triangles} |`);
    }
  }
}
const ratio = (a: number, b: number) => (a / b).toFixed(2);
console.log('\n| figure | baseline | this | this / baseline |');
console.log('|---|---:|---:|---:|');
const helsinki = (name: string) => results.get(`Helsinki 5 ${name}`)!.glb.byteLength / results.get(`Helsinki 1 ${name}`)!.glb.byteLength;
console.log(`| Helsinki GLB 5 km / 1 km | ${helsinki('baseline').toFixed(2)} | ${helsinki('this').toFixed(2)} | ${ratio(helsinki('this'), helsinki('baseline'))} |`);
for (const radiusKm of [2, 5]) {
  const [b, t] = [results.get(`Vaduz ${radiusKm} baseline`)!, results.get(`Vaduz ${radiusKm} this`)!];
  console.log(`| Vaduz ${radiusKm} km wall s | ${b.seconds.toFixed(2)} | ${t.seconds.toFixed(2)} | ${ratio(t.seconds, b.seconds)} |`);
  console.log(`| Vaduz ${radiusKm} km peak MB | ${b.peakMb.toFixed(0)} | ${t.peakMb.toFixed(0)} | ${ratio(t.peakMb, b.peakMb)} |`);
  console.log(`| Vaduz ${radiusKm} km GLB MB | ${mb(b.glb.byteLength)} | ${mb(t.glb.byteLength)} | ${ratio(t.glb.byteLength, b.glb.byteLength)} |`);
}
console.log(`\nLoad average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
fs.rmSync(work, { recursive: true, force: true });
