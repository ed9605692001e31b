/**
 * Roofs of Vaduz as drawn: the HD model of 0.5 km around 47.1410, 9.5209 from the Liechtenstein extract
 * (no terrain), read back from the GLB. Counts the house-like buildings (house, detached,
 * semidetached_house, terrace, farm, residential; and `yes` with at most 3 levels and under 300 m²)
 * drawn with a pitched roof, and how every roof was decided (`roofSource`). Generation time of this
 * checkout and of a baseline checkout (BASELINE, default /work/baseline), interleaved, median of 3.
 *
 *   node bench/vaduz-roofs.ts [baseline checkout]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import { readBuildingTable } from '../test/helpers/building-parts.ts';
import { assembleFeatures } from '../src/modelgen/features/assemble-features.ts';
import { LocalFrame } from '../src/modelgen/geometry/local-frame.ts';
import { signedArea } from '../src/modelgen/geometry/polygon.ts';
import { generateModel, indexExtract, type GenerateModel } from '../src/modelgen/index.ts';
import { OsmData } from '../src/modelgen/osm/osm-elements.ts';
import { readOsmFile } from '../src/modelgen/osm/read-osm-file.ts';

const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
const EXTRACT = path.join(SHARED, 'osm/liechtenstein-2024-03-04.osm.pbf');
if (!fs.existsSync(EXTRACT)) {
  console.log(`Skipped: ${EXTRACT} is absent.`);
  process.exit(0);
}
const BASELINE = process.argv[2] ?? '/work/baseline';
const [LAT, LON, RADIUS_KM] = [47.141, 9.5209, 0.5];
const HOUSE_TYPES = new Set(['house', 'detached', 'semidetached_house', 'terrace', 'farm', 'residential']);
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-vaduz-'));
const request = { latitude: LAT, longitude: LON, radiusKm: RADIUS_KM, quality: 'hd' as const, sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract: EXTRACT, cacheDir } };
await indexExtract(EXTRACT, cacheDir);

/** Footprint areas and tags of the extract's buildings, by OSM id. */
function footprints(): Map<string, { tags: Record<string, string>; area: number }> {
  const frame = new LocalFrame(LAT, LON);
  const out = new Map<string, { tags: Record<string, string>; area: number }>();
  for (const b of assembleFeatures(new OsmData(readOsmFile(EXTRACT))).buildings) out.set(b.osmId, { tags: b.tags, area: Math.abs(signedArea(b.outer.map(([lon, lat]) => frame.toLocal(lon, lat)))) });
  return out;
}

function houseLike(tags: Record<string, string>, area: number): boolean {
  if (HOUSE_TYPES.has(tags.building)) return true;
  const levels = Number.parseFloat(tags['building:levels'] ?? '');
  return tags.building === 'yes' && !(levels > 3) && area < 300;
}

async function roofs(glb: Uint8Array) {
  const table = readBuildingTable(glb);
  // Models from before the building batches (a baseline checkout) keep a node per building.
  if (table.length > 0) {
    return table.filter((b) => /^(way|relation)\//.test(b.name)).map((b) => ({ ...(b.extras as { osmId: string; roofSource?: string; part: boolean }), pitched: b.roofSegments.some((s) => s.pitch > 5 && s.area > 2) }));
  }
  await MeshoptDecoder.ready;
  const document = await new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'meshopt.decoder': MeshoptDecoder }).readBinary(glb);
  return document
    .getRoot()
    .listNodes()
    .filter((n) => /^(way|relation)\//.test(n.getName()))
    .map((n) => {
      const extras = n.getExtras() as { osmId: string; roofSource?: string; part: boolean };
      const pitches = n.getMesh()!.listPrimitives().flatMap((p) => ((p.getExtras() as { roofSegments?: { pitch: number; area: number }[] }).roofSegments ?? []));
      return { ...extras, pitched: pitches.some((s) => s.pitch > 5 && s.area > 2) };
    });
}

// The baseline indexes the extract in its own cache folder: its index format may differ (checkouts from
// before `osm index` index inside the request).
const baseline = (await import(path.join(BASELINE, 'src/modelgen/index.ts'))) as { generateModel: GenerateModel; indexExtract?: typeof indexExtract };
const baselineCache = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-vaduz-baseline-'));
await baseline.indexExtract?.(EXTRACT, baselineCache);
const baselineRequest = { ...request, sources: { ...request.sources, cacheDir: baselineCache } };
const baselineGenerate: GenerateModel = (_request, onProgress) => baseline.generateModel(baselineRequest, onProgress);
await generateModel(request, () => {}); // warms up
await baselineGenerate(request, () => {});
const times: Record<'this' | 'baseline', number[]> = { this: [], baseline: [] };
let glbs: Record<'this' | 'baseline', Uint8Array> = { this: new Uint8Array(), baseline: new Uint8Array() };
for (let i = 0; i < 3; i++) {
  for (const [name, run] of [['baseline', baselineGenerate], ['this', generateModel]] as const) {
    const t = performance.now();
    const model = await run(request, () => {});
    times[name].push(performance.now() - t);
    glbs = { ...glbs, [name]: model.glb };
  }
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[1];
const known = footprints();
console.log(`\n${new Date().toISOString().slice(0, 10)} · ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length} · load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} · Node ${process.version}\n`);
console.log('| checkout | ms (median of 3) | buildings | untagged drawn pitched | house-like | house-like drawn pitched | roof sources |');
console.log('|---|---:|---:|---:|---:|---:|---|');
for (const name of ['baseline', 'this'] as const) {
  const drawn = await roofs(glbs[name]);
  const untagged = drawn.filter((d) => !known.get(d.osmId)?.tags['roof:shape']);
  const houses = untagged.filter((d) => !d.part && known.has(d.osmId) && houseLike(known.get(d.osmId)!.tags, known.get(d.osmId)!.area));
  const sources: Record<string, number> = {};
  for (const d of drawn) sources[d.roofSource ?? 'unmarked'] = (sources[d.roofSource ?? 'unmarked'] ?? 0) + 1;
  const pitched = houses.filter((d) => d.pitched).length;
  console.log(`| ${name} | ${Math.round(median(times[name]))} | ${drawn.length} | ${untagged.filter((d) => d.pitched).length} of ${untagged.length} | ${houses.length} | ${pitched} (${((100 * pitched) / Math.max(houses.length, 1)).toFixed(1)} %) | ${JSON.stringify(sources)} |`);
}
console.log(`\nratio this / baseline: ${(median(times.this) / median(times.baseline)).toFixed(2)}`);
fs.rmSync(cacheDir, { recursive: true, force: true });
fs.rmSync(baselineCache, { recursive: true, force: true });
