/**
 * Ground features as drawn, measured from the GLB against the rendered ground mesh: Monaco 0.3 km HD
 * with the SRTM tile (share of park and water area under the ground, road and path centre-line
 * samples under the ground) and Monaco and Berlin 0.3 km (ground-feature vertices beyond the radius),
 * for this checkout and a baseline checkout (default /work/baseline), in the same run.
 *
 *   node bench/ground-features.ts [baseline checkout]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assembleFeatures } from '../src/modelgen/features/assemble-features.ts';
import { LocalFrame } from '../src/modelgen/geometry/local-frame.ts';
import type { GenerateModel } from '../src/modelgen/index.ts';
import { OsmData } from '../src/modelgen/osm/osm-elements.ts';
import { readOsmFile } from '../src/modelgen/osm/read-osm-file.ts';
import { alongLine, GROUND_FEATURE_SURFACES, HeightLookup, hiddenArea, readNodes, type ModelNode } from '../test/helpers/ground-features-measure.ts';

const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
const MONACO = path.join(SHARED, 'osm/monaco-latest.osm.pbf');
const BERLIN = path.join(SHARED, 'osm/berlin-siegessaeule.osm.gz');
const HGT = path.join(SHARED, 'terrain/N43E007.hgt.zip');
if (![MONACO, BERLIN, HGT].every((f) => fs.existsSync(f))) {
  console.log(`Skipped: the shared data under ${SHARED} is absent.`);
  process.exit(0);
}
const BASELINE = path.resolve(process.argv[2] ?? '/work/baseline');
const terrainDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ground-bench-terrain-'));
fs.copyFileSync(HGT, path.join(terrainDir, 'N43E007.hgt.zip'));

interface Place {
  name: string;
  latitude: number;
  longitude: number;
  extract: string;
  terrain: boolean;
}
const PLACES: Place[] = [
  { name: 'Monaco 0.3 km, SRTM', latitude: 43.7396, longitude: 7.4276, extract: MONACO, terrain: true },
  { name: 'Berlin 0.3 km, flat', latitude: 52.5145, longitude: 13.3501, extract: BERLIN, terrain: false },
];
const RADIUS_KM = 0.3;

async function measure(checkout: string, place: Place) {
  const { generateModel, indexExtract } = (await import(path.join(checkout, 'src/modelgen/index.ts'))) as { generateModel: GenerateModel; indexExtract?: (extract: string, cacheDir: string) => Promise<unknown> };
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ground-bench-cache-'));
  // Checkouts with `osm index` index first; older ones index inside the first request, timed with it as before.
  await indexExtract?.(place.extract, cacheDir);
  const started = Date.now();
  const model = await generateModel(
    { latitude: place.latitude, longitude: place.longitude, radiusKm: RADIUS_KM, quality: 'hd', sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract: place.extract, terrainDir: place.terrain ? terrainDir : undefined, cacheDir } },
    () => {},
  );
  const ms = Date.now() - started;
  fs.rmSync(cacheDir, { recursive: true, force: true });
  const nodes = await readNodes(model.glb);
  const ground = new HeightLookup(nodes.find((n) => n.name === 'ground')!.triangles);
  const features = nodes.filter((n) => GROUND_FEATURE_SURFACES.has(String(n.extras.surface)));
  const areas = features.filter((n) => (n.extras.surface === 'green' || n.extras.surface === 'water') && n.name !== 'sea');
  const { area, hidden } = hiddenArea(areas.flatMap((n) => n.triangles), ground);
  const roads = new HeightLookup(features.filter((n) => n.extras.surface === 'road').flatMap((n) => n.triangles), 4);
  const samples = centreLineSamples(place);
  let under = 0;
  let missing = 0;
  for (const [x, y] of samples) {
    const road = roads.heightAt(x, y);
    const g = ground.heightAt(x, y);
    if (road === undefined) missing += 1;
    else if (g !== undefined && road < g - 0.01) under += 1;
  }
  const radius = RADIUS_KM * 1000;
  const distances = vertexDistances(features);
  return {
    ms,
    bytes: model.glb.byteLength,
    area,
    hidden,
    samples: samples.length,
    under,
    missing,
    vertices: distances.length,
    outside: distances.filter((d) => d > radius + 1).length,
    farthest: distances.reduce((a, b) => Math.max(a, b), 0),
    kinds: [...new Set(features.map((n) => n.name))].join(', '),
  };
}

/** Points every metre along the centre lines of the roads and paths on the surface (not tunnels, not bridges) inside the circle. */
function centreLineSamples(place: Place): [number, number][] {
  const frame = new LocalFrame(place.latitude, place.longitude);
  const radius = RADIUS_KM * 1000 - 2;
  const ways = assembleFeatures(new OsmData(readOsmFile(place.extract))).ground.filter((g) => (g.kind === 'road' || g.kind === 'path') && !g.bridge && !g.underground);
  return ways.flatMap((way) => alongLine(way.points.map(([lon, lat]) => frame.toLocal(lon, lat)), 1)).filter(([x, y]) => Math.hypot(x, y) < radius);
}

function vertexDistances(nodes: ModelNode[]): number[] {
  return nodes.flatMap((n) => n.triangles.flatMap((t) => t.map(([x, y]) => Math.hypot(x, y))));
}

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(whole, 1e-9)).toFixed(1)} %`;
console.log(`Ground features, ${new Date().toISOString().slice(0, 10)}, ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, load ${os.loadavg()[0].toFixed(1)}`);
for (const place of PLACES) {
  for (const [label, checkout] of [['baseline', BASELINE], ['this checkout', path.resolve(import.meta.dirname, '..')]] as const) {
    const r = await measure(checkout, place);
    console.log(
      `${place.name} | ${label} | park+water hidden ${percent(r.hidden, r.area)} of ${Math.round(r.area)} m² | centre-line samples under ground ${r.under} of ${r.samples} (${percent(r.under, r.samples)}), not covered ${r.missing} | ` +
        `feature vertices beyond radius + 1 m ${r.outside} of ${r.vertices}, farthest ${r.farthest.toFixed(1)} m | ${r.ms} ms, ${(r.bytes / 1e6).toFixed(2)} MB | nodes: ${r.kinds}`,
    );
  }
}
fs.rmSync(terrainDir, { recursive: true, force: true });
