/**
 * Builds one model in this process and writes its GLB; bench/ground.ts runs it as a whole process
 * under /usr/bin/time, against this checkout or another one (the baseline).
 *
 *   node bench/ground-model.ts <checkout> <lat> <lon> <radiusKm> <hd|sd> <extract> <terrainDir|-> <out.glb> <cacheDir>
 */
import fs from 'node:fs';
import path from 'node:path';

const [checkout, lat, lon, radius, quality, extract, terrainDir, out, cacheDir] = process.argv.slice(2);
if (!cacheDir) {
  process.stderr.write('Usage: node bench/ground-model.ts <checkout> <lat> <lon> <radiusKm> <hd|sd> <extract> <terrainDir|-> <out.glb> <cacheDir>\n');
  process.exit(2);
}
const { generateModel } = (await import(path.resolve(checkout, 'src/modelgen/index.ts'))) as typeof import('../src/modelgen/index.ts');
const sources = { overpassUrl: 'http://127.0.0.1:9', osmExtract: extract, cacheDir, ...(terrainDir !== '-' ? { terrainDir } : {}) };
// Checkouts with `osm index` index first; older ones index inside the request.
const { indexExtract } = (await import(path.resolve(checkout, 'src/modelgen/index.ts'))) as { indexExtract?: (extract: string, cacheDir: string) => Promise<unknown> };
await indexExtract?.(extract, cacheDir);
const model = await generateModel({ latitude: Number(lat), longitude: Number(lon), radiusKm: Number(radius), quality: quality as 'hd' | 'sd', sources }, () => {});
fs.writeFileSync(out, model.glb);
process.stdout.write(`${JSON.stringify(model.summary)}\n`);
