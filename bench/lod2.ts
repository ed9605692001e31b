/**
 * Measured LoD2 roofs, judged by the produced GLB:
 * 1. On every LoD2 sample in ../shared/data/lod2 (circles of 0.75 km until every building is in one):
 *    every building of the circle drawn; each source roof polygon's pitch and azimuth within 2° of the
 *    GLB face that holds it, each face's area within 2 % of its source polygons'; eaves and ridge
 *    heights above the building's ground within 0.2 m; no roof vertex under the GLB's ground.
 * 2. Reading and indexing the two NRW tiles: time and peak memory (a child process each, 1 and 2 tiles),
 *    extrapolated to NRW's ~35,000 tiles.
 * 3. Generation time of a LoD2 model (Wesel, 217 buildings) against an OSM model of the same radius and
 *    about the same number of buildings (Monaco extract, 225), on the same synthetic sloped ground, and
 *    with each on its own ground (LoD2's; OSM flat or on Monaco's SRTM tile); this tree and the
 *    session-start main at /work/baseline, same run.
 *
 *   node bench/lod2.ts
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateModel, indexExtract } from '../src/modelgen/index.ts';
import { LocalFrame } from '../src/modelgen/geometry/local-frame.ts';
import { Lod2Index } from '../src/modelgen/lod2/lod2-index.ts';
import { parseLod2Sources, type Lod2SourceSpec } from '../src/modelgen/lod2/lod2-source-spec.ts';
import type { Lod2Building } from '../src/modelgen/lod2/lod2-types.ts';
import { readLod2File } from '../src/modelgen/lod2/read-lod2-file.ts';
import { readModel, type ModelBuilding } from '../test/helpers/read-model.ts';
import { OverpassStandIn } from '../test/stand-ins/overpass-stand-in.ts';
import { groundHeightAt, measureBuilding, type BuildingFigures } from './lod2-measure.ts';

const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
const LOD2 = path.join(SHARED, 'lod2');
const NRW = ['nrw-LoD2_32_329_5725_1_NW.gml.gz', 'nrw-LoD2_32_356_5655_1_NW.gml.gz'];

if (process.argv[2] === '--index') {
  // Child process: index the given tiles into a fresh cache, print time and peak memory.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lod2-bench-tiles-'));
  for (const name of process.argv.slice(3)) fs.symlinkSync(path.join(LOD2, name), path.join(folder, name));
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'lod2-bench-cache-'));
  const t = performance.now();
  await Lod2Index.open(folder, {}, cache);
  const ms = performance.now() - t;
  const bytes = (spawnSync('du', ['-sb', cache]).stdout.toString().split('\t')[0] ?? '0').trim();
  console.log(JSON.stringify({ ms, maxRssKb: process.resourceUsage().maxRSS, indexBytes: Number(bytes) }));
  fs.rmSync(folder, { recursive: true, force: true });
  fs.rmSync(cache, { recursive: true, force: true });
  process.exit(0);
}

if (!fs.existsSync(LOD2)) {
  console.log(`Skipped: ${LOD2} (recorded LoD2 samples) is absent.`);
  process.exit(0);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lod2-bench-'));
const joined = path.join(work, '3dbag-v21031-tile5910.city.jsonl');
fs.writeFileSync(joined, `${fs.readFileSync(path.join(LOD2, '3dbag-v21031-tile5910-metadata.city.json'), 'utf8').trim()}\n${fs.readFileSync(path.join(LOD2, '3dbag-v21031-tile5910-feature-1205507.city.jsonl'), 'utf8')}`);
const SAMPLES: [string, string][] = [
  ['Wesel (NRW CityGML 1.0)', path.join(LOD2, NRW[0])],
  ['Köln (NRW CityGML 1.0)', path.join(LOD2, NRW[1])],
  ['Zürich (CityJSON 1.1)', `${path.join(LOD2, 'zurich-subset-lod2.city.json.gz')}|name=zurich`],
  ['Den Haag (CityJSON 1.1, CRS given)', `${path.join(LOD2, 'denhaag-DH01-subset.city.json')}|crs=EPSG:28992|name=denhaag`],
  ['Delft (3D BAG CityJSONSeq 2.0)', path.join(LOD2, '3dbag-delft-3buildings.city.jsonl')],
  ['Delft (3D BAG v21.03 CityJSON 1.1)', `${joined}|name=3dbag-v21`],
  ['Tokyo (PLATEAU CityGML 2.0)', path.join(LOD2, 'plateau-tokyo-53392642_bldg_6697_op2.libplateau-test.gml.gz')],
];
const RADIUS_KM = 0.75;
// Overpass answers these places with no elements (the samples have no OSM data beside them).
const emptyAnswer = path.join(work, 'no-osm.json');
fs.writeFileSync(emptyAnswer, JSON.stringify({ version: 0.6, elements: [] }));
const overpass = await OverpassStandIn.start(emptyAnswer);
const cacheDir = path.join(work, 'cache');
const date = new Date().toISOString().slice(0, 10);
console.log(`\n${date} · ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length} · Node ${process.version} · HD models, no OSM buildings at these places, no terrain source (the LoD2 ground surfaces set the ground)\n`);

// 1. Accuracy per sample.
console.log('| sample | circles | buildings in circles | drawn | roof polygons | pitch ≤ 2° | azimuth ≤ 2° (pitched) | faces ≥ 1 m² | area ≤ 2 % | eaves ≤ 0.2 m | ridge ≤ 0.2 m | roof vertices under ground | worst pitch / azimuth / area / eaves / ridge |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
for (const [label, entry] of SAMPLES) {
  const spec = parseLod2Sources(entry, '/').sources[0] as Extract<Lod2SourceSpec, { kind: 'local' }>;
  const { buildings } = await readLod2File(spec.path, spec.options);
  const figures: BuildingFigures[] = [];
  let expected = 0;
  let drawn = 0;
  let under = 0;
  let circles = 0;
  const covered = new Set<string>();
  for (const seed of buildings) {
    if (covered.has(seed.id)) continue;
    circles += 1;
    const [lon, lat] = seed.polygons[0].outer[0];
    const frame = new LocalFrame(lat, lon);
    const model = await generateModel({ latitude: lat, longitude: lon, radiusKm: RADIUS_KM, quality: 'hd', sources: { overpassUrl: overpass.url, lod2Sources: [spec], cacheDir } }, () => {});
    const { buildings: drawnBuildings, ground } = await readModel(model.glb);
    const byName = new Map<string, ModelBuilding>(drawnBuildings.map((b) => [b.name, b]));
    const inCircle = buildings.filter((b) => b.polygons.some((p) => p.outer.some(([x, y]) => Math.hypot(...frame.toLocal(x, y)) < RADIUS_KM * 1000 - 1)));
    for (const building of inCircle) {
      if (covered.has(building.id)) continue;
      covered.add(building.id);
      expected += 1;
      const node = byName.get(`lod2/${building.dataset}/${building.id}`);
      if (!node) continue;
      drawn += 1;
      figures.push(measureBuilding(building, node, frame));
      under += node.roofTriangles.flat().filter(([x, y, z]) => y < (groundHeightAt(ground, x, z) ?? -Infinity) - 0.01).length;
    }
  }
  const polygons = figures.flatMap((f) => f.polygons);
  // Faces under 1 m² (no panel fits) are left out of the area figure: their areas are rounded to 0.01 m² in the GLB.
  const faces = figures.flatMap((f) => f.faces).filter((f) => f.area >= 1);
  const pitched = polygons.filter((p) => p.sourcePitch >= 5);
  const share = (n: number, of: number) => `${n}/${of}`;
  const worst = [
    Math.max(0, ...polygons.map((p) => p.pitchError)).toFixed(2),
    Math.max(0, ...pitched.map((p) => p.azimuthError)).toFixed(2),
    `${(Math.max(0, ...faces.map((f) => f.areaError)) * 100).toFixed(2)} %`,
    Math.max(0, ...figures.map((f) => f.eavesError)).toFixed(3),
    Math.max(0, ...figures.map((f) => f.ridgeError)).toFixed(3),
  ].join(' / ');
  console.log(
    `| ${label} | ${circles} | ${expected} | ${drawn} | ${polygons.length} | ${share(polygons.filter((p) => p.pitchError <= 2).length, polygons.length)} | ${share(pitched.filter((p) => p.azimuthError <= 2).length, pitched.length)} | ${faces.length} | ${share(faces.filter((f) => f.areaError <= 0.02).length, faces.length)} | ${share(figures.filter((f) => f.eavesError <= 0.2).length, figures.length)} | ${share(figures.filter((f) => f.ridgeError <= 0.2).length, figures.length)} | ${under} | ${worst} |`,
  );
}

// 2. Reading and indexing the NRW tiles, each count in a fresh process.
console.log('\n| NRW tiles indexed | ms | peak RSS MB | index on disk MB |\n|---:|---:|---:|---:|');
const indexRuns: { tiles: number; ms: number; maxRssKb: number; indexBytes: number }[] = [];
for (const tiles of [NRW.slice(0, 1), NRW]) {
  const child = spawnSync(process.execPath, [import.meta.filename, '--index', ...tiles], { encoding: 'utf8' });
  const figures = JSON.parse(child.stdout.trim().split('\n').pop()!) as { ms: number; maxRssKb: number; indexBytes: number };
  indexRuns.push({ tiles: tiles.length, ...figures });
  console.log(`| ${tiles.length} | ${Math.round(figures.ms)} | ${Math.round(figures.maxRssKb / 1024)} | ${(figures.indexBytes / 1e6).toFixed(2)} |`);
}
const two = indexRuns[1];
const perTileMs = two.ms / 2;
console.log(`\nExtrapolated to NRW's ~35,000 tiles: ${(perTileMs * 35_000 / 3_600_000).toFixed(1)} h on one core, index about ${((two.indexBytes / 2) * 35_000 / 1e9).toFixed(1)} GB; peak memory stays that of one tile (files are read one at a time): ${Math.round(indexRuns[0].maxRssKb / 1024)} MB for 1 tile, ${Math.round(two.maxRssKb / 1024)} MB for 2.`);

// 3. Generation time: LoD2 (Wesel, every building of the tile) against OSM models of about the same size.
const wesel = parseLod2Sources(path.join(LOD2, NRW[0]), '/').sources;
const weselCentre = { latitude: 51.6521, longitude: 6.5371 };
const monacoOsm = { overpassUrl: 'http://127.0.0.1:9', osmExtract: path.join(SHARED, 'osm/monaco-latest.osm.pbf'), cacheDir };
await indexExtract(monacoOsm.osmExtract, cacheDir);
// The same ground for both: synthetic SRTM3 tiles over Wesel and Monaco rising 1 m per cell (about 64 m) eastwards.
const sloped = path.join(work, 'sloped-terrain');
fs.mkdirSync(sloped);
const tile = Buffer.alloc(1201 * 1201 * 2);
for (let row = 0; row < 1201; row++) for (let col = 0; col < 1201; col++) tile.writeInt16BE(100 + col, (row * 1201 + col) * 2);
for (const name of ['N51E006', 'N43E007']) fs.writeFileSync(path.join(sloped, `${name}.hgt`), tile);
const baseline = (await import('/work/baseline/src/modelgen/index.ts' as string)) as { generateModel: typeof generateModel };
type Run = () => Promise<{ summary: Record<string, string | number | boolean> }>;
/** Runs the models in turn, five rounds after a warm-up (so a busy machine slows them alike); medians. */
const interleaved = async (runs: Run[]) => {
  const times: number[][] = runs.map(() => []);
  const summaries: Record<string, string | number | boolean>[] = [];
  for (const run of runs) await run();
  for (let round = 0; round < 5; round++) {
    for (const [i, run] of runs.entries()) {
      const t = performance.now();
      summaries[i] = (await run()).summary;
      times[i].push(performance.now() - t);
    }
  }
  return runs.map((_, i) => ({ ms: times[i].sort((a, b) => a - b)[2], buildings: Number(summaries[i].buildings), triangles: Number(summaries[i].triangles) }));
};
const radiusKm = 0.45;
const lod2Run = (terrainDir?: string) => () => generateModel({ ...weselCentre, radiusKm, quality: 'hd', sources: { overpassUrl: overpass.url, lod2Sources: wesel, terrainDir, cacheDir } }, () => {});
const osmRun = (generate: typeof generateModel, terrainDir?: string) => () => generate({ latitude: 43.7396, longitude: 7.4276, radiusKm, quality: 'hd', sources: { ...monacoOsm, terrainDir } }, () => {});
const cases: { ground: string; runs: [string, Run][] }[] = [
  { ground: 'the same sloped ground (synthetic SRTM)', runs: [['Wesel, LoD2', lod2Run(sloped)], ['Monaco, OSM', osmRun(generateModel, sloped)], ['Monaco, OSM, main at session start', osmRun(baseline.generateModel, sloped)]] },
  { ground: 'LoD2 on the ground its data set, OSM on flat ground', runs: [['Wesel, LoD2', lod2Run()], ['Monaco, OSM', osmRun(generateModel)], ['Monaco, OSM, main at session start', osmRun(baseline.generateModel)]] },
  { ground: 'LoD2 on the ground its data set, OSM on Monaco\'s SRTM tile', runs: [['Wesel, LoD2', lod2Run()], ['Monaco, OSM', osmRun(generateModel, path.join(SHARED, 'terrain'))], ['Monaco, OSM, main at session start', osmRun(baseline.generateModel, path.join(SHARED, 'terrain'))]] },
];
console.log(`\n| ground (radius ${radiusKm} km, HD) | model | buildings | triangles | ms (median of 5, warm, interleaved) | ms per building | LoD2 ÷ OSM (this tree) |\n|---|---|---:|---:|---:|---:|---:|`);
for (const { ground, runs } of cases) {
  const results = await interleaved(runs.map(([, run]) => run));
  results.forEach((r, i) => console.log(`| ${i === 0 ? ground : ''} | ${runs[i][0]} | ${r.buildings} | ${r.triangles} | ${Math.round(r.ms)} | ${(r.ms / r.buildings).toFixed(2)} | ${i === 0 ? (r.ms / results[1].ms).toFixed(2) : ''} |`));
}
await overpass.close();
fs.rmSync(work, { recursive: true, force: true });
