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

const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
if (!fs.existsSync(SHARED)) {
  console.log(`Skipped: ${SHARED} (recorded OSM and terrain data) is absent.`);
  process.exit(0);
}
const PLACES: [string, number, number, string][] = [
  ['Monaco', 43.7396, 7.4276, 'osm/monaco-latest.osm.pbf'],
  ['Vaduz', 47.1397, 9.5215, 'osm/liechtenstein-2024-03-04.osm.pbf'],
  ['Sergiev Posad', 56.3103, 38.13, 'osm/sergiev-posad-lavra.osm.gz'],
];
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-look-'));
fs.mkdirSync(path.join(cacheDir, 'terrain'));
fs.copyFileSync(path.join(SHARED, 'terrain/N43E007.hgt.zip'), path.join(cacheDir, 'terrain/N43E007.hgt.zip'));
await MeshoptDecoder.ready;
const io = new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'meshopt.decoder': MeshoptDecoder });

console.log(`\n${new Date().toISOString().slice(0, 16)} · ${os.cpus()[0]?.model ?? 'cpu'} · Node ${process.version} · ${process.cwd()}\n`);
console.log('| place | quality | ms (median of 3) | buildings | GLB KB | textures KB | validator errors |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const [name, latitude, longitude, file] of PLACES) {
  const sources = { overpassUrl: 'http://127.0.0.1:9', osmExtract: path.join(SHARED, file), terrainDir: path.join(cacheDir, 'terrain'), cacheDir };
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
