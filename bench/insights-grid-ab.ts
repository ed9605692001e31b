/**
 * The first read of a 0.3 km HD model's roof insights, PVGIS asked to 1° (the rule before) against PVGIS
 * on the orientation grid, in alternating pairs in one process: the same worker threads (started
 * before), a fresh PVGIS client (a full allowance of 30 calls), a fresh irradiance cache and a new model
 * file name each read, so that every read computes and asks PVGIS as a first read does. The pairs'
 * ratios and medians are meant for a loaded machine, where single first reads vary by seconds.
 *
 *   node bench/insights-grid-ab.ts [pairs=5] [place=Vaduz|Monaco]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { modelId } from '../src/domain/model-id.ts';
import { CachedIrradianceProvider, OrientationGridIrradiance, PvgisClient, type IrradianceCacheStore, type IrradianceProvider, type PlaneIrradiation } from '../src/irradiance/index.ts';
import { RoofShadingPool } from '../src/jobs/roof-shading-pool.ts';
import { generateModel, indexExtract } from '../src/modelgen/index.ts';
import { RoofInsightsService } from '../src/services/roof-insights-service.ts';
import { createTestContext } from '../test/helpers/test-context.ts';
import { PvgisStandIn } from '../test/stand-ins/pvgis-stand-in.ts';

const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
if (!fs.existsSync(SHARED)) {
  console.log(`Skipped: ${SHARED} (recorded OSM and PVGIS data) is absent.`);
  process.exit(0);
}
const PLACES = {
  Vaduz: { latitude: 47.141, longitude: 9.5209, extract: 'osm/liechtenstein-2024-03-04.osm.pbf', terrain: undefined },
  Monaco: { latitude: 43.7396, longitude: 7.4276, extract: 'osm/monaco-latest.osm.pbf', terrain: 'terrain/N43E007.hgt.zip' },
} as const;
const pairs = Number(process.argv[2] ?? 5);
const placeName = (process.argv[3] ?? 'Vaduz') as keyof typeof PLACES;
const place = PLACES[placeName];

function memoryCache(): IrradianceCacheStore {
  const entries = new Map<string, { irradiation: PlaneIrradiation; fetchedAt: Date }>();
  return { get: async (key) => entries.get(key), put: async (key, irradiation, at) => void entries.set(key, { irradiation, fetchedAt: at }) };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-grid-ab-'));
const pvgis = await PvgisStandIn.start(path.join(SHARED, 'pvgis/pvcalc_v53_45.000_8.000_SARAH3_angle0_aspect0_1kWp_loss14.json'));
const ctx = await createTestContext();
const pool = new RoofShadingPool();
try {
  const terrainDir = path.join(work, 'terrain');
  fs.mkdirSync(terrainDir);
  if (place.terrain) fs.copyFileSync(path.join(SHARED, place.terrain), path.join(terrainDir, path.basename(place.terrain)));
  const area = { latitude: place.latitude, longitude: place.longitude, radiusKm: 0.3 };
  await indexExtract(path.join(SHARED, place.extract), work);
  const { glb } = await generateModel({ ...area, quality: 'hd', sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract: path.join(SHARED, place.extract), terrainDir, cacheDir: work } }, () => {});
  const id = modelId('hd', area);
  const key = await ctx.createKey();
  await ctx.app.inject({ method: 'POST', url: '/api/v1/models', headers: { authorization: `Bearer ${key}` }, payload: area });
  let file = 0;
  /** One first read: a new model file name, a fresh client and cache, the rule asked for. */
  const firstRead = async (onGrid: boolean): Promise<{ ms: number; calls: number }> => {
    const objectKey = `models/${id}/${String(++file).padStart(16, '0')}.glb`;
    await ctx.store.put(objectKey, glb, 'model/gltf-binary');
    await ctx.jobs.markReady(id, ctx.store.publicUrl(objectKey), objectKey, new Date());
    const client = new PvgisClient({ baseUrl: pvgis.baseUrl });
    const cached = new CachedIrradianceProvider(client, memoryCache());
    const irradiance: IrradianceProvider = onGrid ? new OrientationGridIrradiance(cached) : cached;
    const service = new RoofInsightsService({ jobs: ctx.jobs, store: ctx.store, pool, irradiance });
    const start = performance.now();
    const answer = await service.read(id);
    if (answer.kind !== 'ready') throw new Error(`not ready: ${answer.kind}`);
    return { ms: performance.now() - start, calls: client.calls };
  };
  await firstRead(true); // starts the threads
  const rows: string[] = [];
  const ratios: number[] = [];
  const [before, after]: number[][] = [[], []];
  for (let i = 0; i < pairs; i++) {
    // Alternate which goes first, so that a drift in load does not favour one.
    const order = i % 2 === 0 ? [false, true] : [true, false];
    const result: Record<string, { ms: number; calls: number }> = {};
    for (const onGrid of order) result[String(onGrid)] = await firstRead(onGrid);
    const [exact, grid] = [result.false, result.true];
    before.push(exact.ms);
    after.push(grid.ms);
    ratios.push(grid.ms / exact.ms);
    rows.push(`| ${i + 1} | ${os.loadavg()[0].toFixed(1)} | ${Math.round(exact.ms)} ms (${exact.calls} calls) | ${Math.round(grid.ms)} ms (${grid.calls} calls) | ${(grid.ms / exact.ms).toFixed(2)} |`);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`\n${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length} · Node ${process.version} · ${placeName} 0.3 km HD\n`);
  console.log('| pair | load average | first read, PVGIS to 1° (before) | first read, PVGIS on the grid (now) | ratio now / before |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  console.log(`| median | | ${Math.round(median(before))} ms | ${Math.round(median(after))} ms | ${median(ratios).toFixed(2)} |`);
} finally {
  await pool.close();
  await ctx.close();
  await pvgis.close();
  fs.rmSync(work, { recursive: true, force: true });
}
