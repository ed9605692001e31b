/**
 * The ground at the coast: HD and SD models of 0.3 km of Monaco's shore (Port Hercule, Fontvieille under
 * the Rock, Larvotto beach) with its SRTM tile, read back as a viewer would. For each: the drawn ground's
 * height over the sea 4 m inland of the coastline away from mapped cliffs (median and highest; of it, on
 * mapped beaches) and along them (median), the ground's rim vertices at sea standing over 3 m above it,
 * the share of the drawn sea the ground hides (in all, and 1 m and 4 m seaward of the coastline: the
 * waterline), triangles, GLB size and the generation time (median of 3 after a warm-up). Run with a
 * baseline checkout as the argument to measure both in one run.
 *
 *   node bench/shore-ground.ts [baseline checkout]
 */
import path from 'node:path';
import type { GeneratedModel } from '../src/modelgen/index.ts';
import { cacheWithMonacoTerrain, medianOfThree, SHARED, skipWithoutSharedData } from './look-places.ts';

skipWithoutSharedData();
const PLACES: [string, number, number][] = [
  ['Port Hercule', 43.7345, 7.4235],
  ['Fontvieille', 43.73, 7.418],
  ['Larvotto', 43.745, 7.433],
];
const EXTRACT = path.join(SHARED, 'osm/monaco-latest.osm.pbf');
const RADIUS_KM = 0.3;
const { cacheDir, terrainDir } = cacheWithMonacoTerrain('solar-partner-shore-');
const { readNodes, HeightLookup, hiddenArea } = await import('../test/helpers/ground-features-measure.ts');
const { quantile, rimAtSea, seaHiddenOffshore, shoreHeights } = await import('../test/helpers/shore-measure.ts');
const { assembleFeatures } = await import('../src/modelgen/features/assemble-features.ts');
const { LocalFrame } = await import('../src/modelgen/geometry/local-frame.ts');
const { OsmData } = await import('../src/modelgen/osm/osm-elements.ts');
const { readOsmFile } = await import('../src/modelgen/osm/read-osm-file.ts');
const { GROUND_MARGIN_M } = await import('../src/modelgen/terrain/terrain-mesh.ts');

// The coast and the cliffs as mapped, read here so the baseline is measured against the same lines.
const mapped = new OsmData(readOsmFile(EXTRACT));
const features = assembleFeatures(mapped);
const cliffWays = [...mapped.ways.values()].filter((w) => w.tags?.natural === 'cliff').map((w) => w.nodes.map((id) => mapped.nodes.get(id)!));

async function measure(checkout: string): Promise<string[]> {
  const { generateModel, indexExtract } = await import(path.join(checkout, 'src/modelgen/index.ts'));
  const rows: string[] = [];
  for (const [name, latitude, longitude, quality] of PLACES.flatMap(([n, lat, lon]) => (['hd', 'sd'] as const).map((quality) => [n, lat, lon, quality] as const))) {
    const sources = { overpassUrl: 'http://127.0.0.1:9', osmExtract: EXTRACT, terrainDir, cacheDir };
    await indexExtract(EXTRACT, cacheDir);
    const { result: model, ms } = await medianOfThree<GeneratedModel>(() => generateModel({ latitude, longitude, radiusKm: RADIUS_KM, quality, sources }, () => {}));
    const json = JSON.parse(Buffer.from(model.glb.subarray(20, 20 + Buffer.from(model.glb).readUInt32LE(12))).toString('utf8'));
    const seaLevel = -json.asset.extras.origin.elevation;
    const nodes = await readNodes(model.glb);
    const groundTriangles = nodes.find((n) => n.name === 'ground')!.triangles;
    const seaTriangles = nodes.find((n) => n.name === 'sea')!.triangles;
    const [ground, sea] = [new HeightLookup(groundTriangles), new HeightLookup(seaTriangles)];
    const frame = new LocalFrame(latitude, longitude);
    const coasts = features.ground.filter((g) => g.kind === 'coastline').map((g) => g.points.map(([lon, lat]) => frame.toLocal(lon, lat)));
    const cliffs = cliffWays.map((way) => way.map((node) => frame.toLocal(node.lon, node.lat)));
    const beaches = features.ground.filter((g) => g.kind === 'beach').map((g) => g.points.map(([lon, lat]) => frame.toLocal(lon, lat)));
    const { away, along, beach } = shoreHeights(ground, seaLevel, coasts, cliffs, 290, beaches);
    const rim = rimAtSea(groundTriangles, sea, coasts, RADIUS_KM * 1000 + GROUND_MARGIN_M);
    const seaHidden = hiddenArea(seaTriangles, ground);
    const offshore = (offset: number) => {
      const { samples, hidden } = seaHiddenOffshore(ground, sea, coasts, offset, 290);
      return `${((100 * hidden) / samples).toFixed(0)} %`;
    };
    const raised = rim.filter((v) => v[2] - seaLevel > 3).length;
    const fixed = (v: number | undefined) => (v === undefined ? '–' : v.toFixed(1));
    rows.push(
      `| ${name} ${quality.toUpperCase()} | ${fixed(quantile(away, 0.5))} / ${fixed(quantile(away, 1))} m (${away.length}) | ${beach.length ? `${fixed(quantile(beach, 0.5))} / ${fixed(quantile(beach, 1))} m (${beach.length})` : '–'} | ${along.length ? `${fixed(quantile(along, 0.5))} m (${along.length})` : '–'} | ${raised} of ${rim.length} | ${((100 * seaHidden.hidden) / seaHidden.area).toFixed(1)} % / ${offshore(1)} / ${offshore(4)} | ${model.summary.triangles} | ${model.glb.length} | ${ms.toFixed(0)} ms |`,
    );
  }
  return rows;
}

const header = '| place | shore 4 m inland away from cliffs, median / highest (samples) | of it on beaches | along cliffs, median | rim vertices at sea over 3 m | sea hidden: all / 1 m / 4 m off the coast | triangles | bytes | generation |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|';
const baseline = process.argv[2];
if (baseline) console.log(`baseline ${baseline}\n${header}\n${(await measure(path.resolve(baseline))).join('\n')}\n`);
console.log(`this checkout\n${header}\n${(await measure(path.resolve(import.meta.dirname, '..'))).join('\n')}`);
