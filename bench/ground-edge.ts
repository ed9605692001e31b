/**
 * Buildings at the model's edge: HD models of 0.3 km (Monaco with its SRTM tile, Vaduz, Sergiev Posad,
 * Helsinki), read back as a viewer would. For each: buildings kept (they touch the circle), those with a
 * wall's foot where no ground is drawn under it, how far the drawn ground reaches, its triangles, the GLB
 * size and the generation time (median of 3 after a warm-up). Run with a baseline checkout as the
 * argument to measure both in one run.
 *
 *   node bench/ground-edge.ts [baseline checkout]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GeneratedModel } from '../src/modelgen/index.ts';

import { cacheWithMonacoTerrain, LOOK_PLACES, medianOfThree, SHARED, skipWithoutSharedData } from './look-places.ts';

skipWithoutSharedData();
const PLACES: [string, number, number, string][] = [...LOOK_PLACES, ['Helsinki', 60.1704, 24.9522, 'osm/helsinki-centre-2019.osm.pbf']];
const RADIUS_KM = 0.3;
const { cacheDir, terrainDir } = cacheWithMonacoTerrain('solar-partner-edge-');
const { readNodes, HeightLookup } = await import('../test/helpers/ground-features-measure.ts');

async function measure(checkout: string): Promise<string[]> {
  const { generateModel, indexExtract } = await import(path.join(checkout, 'src/modelgen/index.ts'));
  const rows: string[] = [];
  for (const [name, latitude, longitude, file] of PLACES) {
    const sources = { overpassUrl: 'http://127.0.0.1:9', osmExtract: path.join(SHARED, file), terrainDir, cacheDir };
    await indexExtract(sources.osmExtract, cacheDir);
    const { result: model, ms } = await medianOfThree<GeneratedModel>(() => generateModel({ latitude, longitude, radiusKm: RADIUS_KM, quality: 'hd', sources }, () => {}));
    const nodes = await readNodes(model.glb);
    const groundTriangles = nodes.find((n) => n.name === 'ground')!.triangles;
    const ground = new HeightLookup(groundTriangles);
    const buildings = nodes.filter((n) => n.extras.osmId !== undefined);
    // A wall's foot (its lowest vertices) with no ground under it: pulled 0.1 % towards the centre, off the ground's own edge.
    const overhanging = buildings.filter((b) => {
      const walls = b.primitives.filter((p) => p.extras.surface === 'walls').flatMap((p) => p.triangles.flat());
      const bottom = Math.min(...walls.map((v) => v[2]));
      return walls.some(([x, y, z]) => z <= bottom + 0.5 && ground.heightAt(x * 0.999, y * 0.999) === undefined);
    });
    const reach = Math.max(...groundTriangles.flat().map(([x, y]) => Math.hypot(x, y)));
    rows.push(`| ${name} | ${path.basename(checkout)} | ${buildings.length} | ${overhanging.length} | ${reach.toFixed(1)} | ${groundTriangles.length} | ${Math.round(model.glb.byteLength / 1024)} | ${Math.round(ms)} |`);
  }
  return rows;
}

console.log(`\n${new Date().toISOString().slice(0, 16)} · ${os.cpus()[0]?.model ?? 'cpu'} · Node ${process.version} · ${RADIUS_KM} km HD\n`);
console.log('| place | checkout | buildings | walls off the ground | ground reach (m) | ground triangles | GLB KB | ms (median of 3) |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
const checkouts = [path.resolve(import.meta.dirname, '..'), ...process.argv.slice(2).map((p) => path.resolve(p))];
for (const checkout of checkouts.reverse()) console.log((await measure(checkout)).join('\n'));
fs.rmSync(cacheDir, { recursive: true, force: true });
