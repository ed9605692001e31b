/**
 * How tall inferred pitched roofs are drawn against the storeys under them: HD models of 0.3 km
 * (Helsinki, Vaduz, Moscow) read back as a viewer would; per place the inferred pitched roofs, those
 * rising higher than their walls, and the highest rise. With a baseline checkout as the argument both
 * are measured in one run.
 *
 *   node bench/inferred-roof-rise.ts [baseline checkout]
 */
import path from 'node:path';
import { cacheWithMonacoTerrain, SHARED, skipWithoutSharedData } from './look-places.ts';

skipWithoutSharedData();
const { readModel } = await import('../test/helpers/read-model.ts');
const PLACES: [string, number, number, string][] = [
  ['Helsinki', 60.1704, 24.9522, 'osm/helsinki-centre-2019.osm.pbf'],
  ['Vaduz', 47.1397, 9.5215, 'osm/liechtenstein-2024-03-04.osm.pbf'],
  ['Moscow', 55.7175, 37.621, 'osm/moscow-danilovsky.osm.gz'],
];
const { cacheDir } = cacheWithMonacoTerrain('solar-partner-rise-');

console.log('| place | checkout | inferred pitched roofs | rising higher than their walls | highest rise (m) |');
console.log('|---|---|---:|---:|---:|');
for (const checkout of [...process.argv.slice(2), path.resolve(import.meta.dirname, '..')]) {
  const { generateModel, indexExtract } = await import(path.join(path.resolve(checkout), 'src/modelgen/index.ts'));
  for (const [name, latitude, longitude, file] of PLACES) {
    const sources = { overpassUrl: 'http://127.0.0.1:9', osmExtract: path.join(SHARED, file), cacheDir };
    await indexExtract(sources.osmExtract, cacheDir);
    const model = await generateModel({ latitude, longitude, radiusKm: 0.3, quality: 'hd', sources }, () => {});
    const inferred = (await readModel(model.glb)).buildings.filter((b) => b.extras.roofSource === 'inferred' && b.extras.roofShape !== 'flat');
    const rises = inferred.map((b) => {
      const eaves = Math.min(...b.segments.flatMap((s) => s.outline.map((p) => p[1])));
      return { rise: b.top - eaves, walls: eaves - Number(b.extras.base), id: b.name };
    });
    const highest = rises.reduce((a, b) => (b.rise > a.rise ? b : a), { rise: 0, walls: 0, id: '–' });
    console.log(`| ${name} | ${path.basename(path.resolve(checkout))} | ${inferred.length} | ${rises.filter((r) => r.rise > r.walls).length} | ${highest.rise.toFixed(1)} (${highest.id}) |`);
  }
}
