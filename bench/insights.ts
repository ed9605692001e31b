/**
 * Roof insights over the API (GET /api/v1/models/:id/buildings) on 0.3 km HD models the real generator
 * builds from recorded OpenStreetMap extracts (Monaco with its SRTM tile, Vaduz flat): the first read
 * (GLB read, layout and shading in worker threads, yields, stored; for the first model the threads
 * start too), a first read again with threads and irradiance warm (the same file stored under a new
 * name: what another model of the same town costs), and cached reads (median of
 * 30), beside the status read GET /api/v1/models/:id in the same run (the baseline of a cached read).
 * Irradiance: a PVGIS stand-in replaying a recorded answer, behind the service's irradiance cache and
 * PVGIS's limit of 30 calls per second. Goals: first read under 2 s, cached under 20 ms.
 * Also, on its own and with a new client each (a full allowance of calls): how long asking PVGIS for
 * every plane of the model takes, each plane asked to 1° (the rule before the orientation grid) and on
 * the orientation grid — the part of a first read that PVGIS's rate limit sets, whatever the CPU load.
 *
 *   node bench/insights.ts
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { modelId } from '../src/domain/model-id.ts';
import { CachedIrradianceProvider, OrientationGridIrradiance, PvgisClient, type IrradianceCacheStore, type IrradianceProvider, type PlaneIrradiation } from '../src/irradiance/index.ts';
import { roofSegmentsOfGlb } from '../src/modelgen/model-file.ts';
import { facePlanes } from '../src/services/roof-figures.ts';
import { generateModel, indexExtract } from '../src/modelgen/index.ts';
import { createTestContext } from '../test/helpers/test-context.ts';
import { PvgisStandIn } from '../test/stand-ins/pvgis-stand-in.ts';

const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
if (!fs.existsSync(SHARED)) {
  console.log(`Skipped: ${SHARED} (recorded OSM, terrain and PVGIS data) is absent.`);
  process.exit(0);
}
const PLACES = [
  { name: 'Monaco', latitude: 43.7396, longitude: 7.4276, extract: 'osm/monaco-latest.osm.pbf', terrain: 'terrain/N43E007.hgt.zip' },
  { name: 'Vaduz', latitude: 47.141, longitude: 9.5209, extract: 'osm/liechtenstein-2024-03-04.osm.pbf', terrain: undefined },
];

/** The irradiance cache in memory (the service keeps it in its database). */
function memoryCache(): IrradianceCacheStore {
  const entries = new Map<string, { irradiation: PlaneIrradiation; fetchedAt: Date }>();
  return { get: async (key) => entries.get(key), put: async (key, irradiation, at) => void entries.set(key, { irradiation, fetchedAt: at }) };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-insights-'));
const pvgis = await PvgisStandIn.start(path.join(SHARED, 'pvgis/pvcalc_v53_45.000_8.000_SARAH3_angle0_aspect0_1kWp_loss14.json'));
const client = new PvgisClient({ baseUrl: pvgis.baseUrl });
const ctx = await createTestContext({ irradiance: new CachedIrradianceProvider(client, memoryCache()) });
await ctx.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
const key = await ctx.createKey();
const headers = { authorization: `Bearer ${key}` };

/** A read's wall time, and the CPU time the whole process (every thread) spent meanwhile. */
async function timed(url: string): Promise<{ ms: number; cpuMs: number; bytes: number; body: string }> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const response = await fetch(`${base}${url}`, { headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${body}`);
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, bytes: body.length, body };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows: string[] = [];
const irradianceRows: string[] = [];

/** Asks a fresh client (full allowance) for every plane of a model: wall time and PVGIS calls. */
async function askEveryPlane(glb: Uint8Array, site: { latitude: number; longitude: number }, onGrid: boolean): Promise<{ ms: number; calls: number }> {
  const fresh = new PvgisClient({ baseUrl: pvgis.baseUrl });
  const cached = new CachedIrradianceProvider(fresh, memoryCache());
  const provider: IrradianceProvider = onGrid ? new OrientationGridIrradiance(cached) : cached;
  const start = performance.now();
  await Promise.all(facePlanes(roofSegmentsOfGlb(glb), site).map((plane) => provider.irradiation(plane)));
  return { ms: performance.now() - start, calls: fresh.calls };
}
try {
  for (const place of PLACES) {
    const terrainDir = path.join(work, `terrain-${place.name}`);
    fs.mkdirSync(terrainDir);
    if (place.terrain) fs.copyFileSync(path.join(SHARED, place.terrain), path.join(terrainDir, path.basename(place.terrain)));
    const area = { latitude: place.latitude, longitude: place.longitude, radiusKm: 0.3 };
    await indexExtract(path.join(SHARED, place.extract), work); // as an operator does once, before the service runs
    const { glb, summary } = await generateModel({ ...area, quality: 'hd', sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract: path.join(SHARED, place.extract), terrainDir, cacheDir: work } }, () => {});
    const id = modelId('hd', area);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/models', headers, payload: area });
    const ready = async (digest: string) => {
      const objectKey = `models/${id}/${digest}.glb`;
      await ctx.store.put(objectKey, glb, 'model/gltf-binary');
      await ctx.jobs.markReady(id, ctx.store.publicUrl(objectKey), objectKey, new Date());
    };
    await ready('0000000000000001');
    const callsBefore = client.calls;
    const first = await timed(`/api/v1/models/${id}/buildings`);
    const pvgisCalls = client.calls - callsBefore;
    // The same model file under a new name: computed again, its irradiance now cached.
    await ready('0000000000000002');
    const warm = await timed(`/api/v1/models/${id}/buildings`);
    const cached: number[] = [];
    const status: number[] = [];
    for (let i = 0; i < 30; i++) {
      cached.push((await timed(`/api/v1/models/${id}/buildings`)).ms);
      status.push((await timed(`/api/v1/models/${id}`)).ms);
    }
    const list = JSON.parse(first.body) as { buildings: { segments: unknown[]; largestArray: { panelCount: number } }[] };
    const segments = list.buildings.reduce((sum, b) => sum + b.segments.length, 0);
    const panels = list.buildings.reduce((sum, b) => sum + b.largestArray.panelCount, 0);
    const exact = await askEveryPlane(glb, area, false);
    const grid = await askEveryPlane(glb, area, true);
    irradianceRows.push(`| ${place.name} | ${exact.calls} calls, ${Math.round(exact.ms)} ms | ${grid.calls} calls, ${Math.round(grid.ms)} ms |`);
    rows.push(`| ${place.name} | ${summary.buildings} / ${list.buildings.length} / ${segments} / ${panels} | ${Math.round(first.ms)} ms (CPU ${Math.round(first.cpuMs)} ms; ${pvgisCalls} PVGIS calls) | ${Math.round(warm.ms)} ms (CPU ${Math.round(warm.cpuMs)} ms) | ${median(cached).toFixed(1)} ms | ${median(status).toFixed(1)} ms | ${Math.round(first.bytes / 1024)} KB |`);
  }
  console.log(`\n${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length} · Node ${process.version} · load average ${os.loadavg()[0].toFixed(1)}\n`);
  console.log('| 0.3 km HD model | buildings in model / with roofs / roof faces / panels | first read (CPU time of all threads) | first read again, threads and irradiance warm | cached read (median of 30) | status read GET /api/v1/models/:id (baseline, median of 30) | answer |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  console.log('\n| 0.3 km HD model | every plane asked of PVGIS alone: to 1° (before) | on the orientation grid (now) |');
  console.log('|---|---:|---:|');
  for (const row of irradianceRows) console.log(row);
} finally {
  await ctx.close();
  await pvgis.close();
  fs.rmSync(work, { recursive: true, force: true });
}
