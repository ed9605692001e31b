/**
 * HD and SD models of Monaco, Vaduz and Sergiev Posad (0.3 km, recorded OSM extracts, the Monaco SRTM
 * tile): GLB size (goal: HD under 3 MB, SD smaller than HD), generation time (median of 3 after a warm-up;
 * goal: within 1.5× of the baseline checkout run the same way), Khronos validator errors (goal: 0),
 * and the bytes of embedded textures. Run it here and in the baseline checkout in the same session.
 *
 *   node bench/model-look.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import validator from 'gltf-validator';
import { MeshoptDecoder } from 'meshoptimizer';
import { generateModel, indexExtract } from '../src/modelgen/index.ts';
import { cacheWithMonacoTerrain, LOOK_PLACES as PLACES, SHARED, skipWithoutSharedData } from './look-places.ts';

skipWithoutSharedData();
const { cacheDir, terrainDir } = cacheWithMonacoTerrain('solar-partner-look-');
await MeshoptDecoder.ready;
const io = new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'meshopt.decoder': MeshoptDecoder });

console.log(`\n${new Date().toISOString().slice(0, 16)} · ${os.cpus()[0]?.model ?? 'cpu'} · Node ${process.version} · ${process.cwd()}\n`);
console.log('| place | quality | ms (median of 3) | buildings | GLB KB | textures KB | validator errors |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const [name, latitude, longitude, file] of PLACES) {
  const sources = { overpassUrl: 'http://127.0.0.1:9', osmExtract: path.join(SHARED, file), terrainDir, cacheDir };
  for (const quality of ['hd', 'sd'] as const) {
    const run = () => generateModel({ latitude, longitude, radiusKm: 0.3, quality, sources }, () => {});
    await indexExtract(sources.osmExtract, cacheDir);
    await run(); // warms up
    const times: number[] = [];
    let model = await run();
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      model = await run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const report = await validator.validateBytes(model.glb);
    const document = await io.readBinary(model.glb);
    const textureBytes = document.getRoot().listTextures().reduce((sum, t) => sum + (t.getImage()?.byteLength ?? 0), 0);
    console.log(`| ${name} | ${quality.toUpperCase()} | ${Math.round(times[1])} | ${model.summary.buildings} | ${Math.round(model.glb.byteLength / 1024)} | ${Math.round(textureBytes / 1024)} | ${report.issues.numErrors} |`);
  }
}
fs.rmSync(cacheDir, { recursive: true, force: true });
