/**
 * Can an installer trust the layouts? Models of five recorded places are generated (0.3 km HD, Vaduz
 * 0.5 km), every building's roof is laid out as the partner API's roof insights and the Solar Wizard lay
 * it out (the layout around PV already mapped), and every panel is checked with geometry of the bench's
 * own (bench/panel-layout-checks.ts). Prints counts per place and the first buildings failing each check.
 *
 *   node bench/panel-layouts.ts [place…]      places: vaduz monaco helsinki sergiev-posad moscow
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateModel, indexExtract } from '../src/modelgen/index.ts';
import { readModelScene } from '../src/modelgen/model-file.ts';
import { DEFAULT_LAYOUT, DEFAULT_PANEL, existingSolarOf, keepExistingSolarFree, layoutRoof } from '../src/solar-design/index.ts';
import { DrawnSurface } from './drawn-surface.ts';
import { checkFace, crossBuildingOverlaps, LAYOUT_CHECKS, type LayoutCheck } from './panel-layout-checks.ts';

const DATA = path.resolve(import.meta.dirname, '../../shared/data');
if (!fs.existsSync(DATA)) {
  console.log(`Skipped: ${DATA} (recorded data) is absent.`);
  process.exit(0);
}
const PLACES: Record<string, { latitude: number; longitude: number; radiusKm: number; extract: string; srtm?: string }> = {
  vaduz: { latitude: 47.141, longitude: 9.5209, radiusKm: 0.5, extract: 'liechtenstein-2024-03-04.osm.pbf' },
  monaco: { latitude: 43.7396, longitude: 7.4276, radiusKm: 0.3, extract: 'monaco-latest.osm.pbf', srtm: 'N43E007.hgt.zip' },
  helsinki: { latitude: 60.1699, longitude: 24.9384, radiusKm: 0.3, extract: 'helsinki-centre-2019.osm.pbf' },
  'sergiev-posad': { latitude: 56.3104, longitude: 38.1303, radiusKm: 0.3, extract: 'sergiev-posad-lavra.osm.gz' },
  moscow: { latitude: 55.7172, longitude: 37.6211, radiusKm: 0.3, extract: 'moscow-danilovsky.osm.gz' },
};
const places = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(PLACES);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-layouts-'));
const rows = ['| place | buildings | faces | panels (racks) | ' + LAYOUT_CHECKS.join(' | ') + ' | over another building\'s panel | s |', `|---|---:|---:|---:|${LAYOUT_CHECKS.map(() => '---:').join('|')}|---:|---:|`];
const overlapExamples: string[] = [];
const examples = new Map<LayoutCheck, string[]>(LAYOUT_CHECKS.map((check) => [check, []]));
try {
  for (const name of places) {
    const place = PLACES[name];
    const started = performance.now();
    const scene = await readModelScene(await model(place));
    const drawn = new DrawnSurface(scene.positions, scene.index);
    const counts = new Map<LayoutCheck, number>(LAYOUT_CHECKS.map((check) => [check, 0]));
    let [faces, panels, racks] = [0, 0, 0];
    const layouts: { id: string; panels: ReturnType<typeof layoutRoof> }[] = [];
    for (const building of scene.buildings) {
      const existing = existingSolarOf(building.extras);
      const laidOut = keepExistingSolarFree(layoutRoof(building.segments, place.latitude, DEFAULT_PANEL, DEFAULT_LAYOUT), existing);
      layouts.push({ id: building.id, panels: laidOut });
      building.segments.forEach((segment, face) => {
        const onFace = laidOut.filter((panel) => panel.face === face);
        faces += 1;
        panels += onFace.length;
        if (segment.pitch < DEFAULT_LAYOUT.flatRoofBelowDeg) racks += onFace.length;
        const options = { setback: DEFAULT_LAYOUT.setback, rackTiltDeg: DEFAULT_LAYOUT.flatRoofTiltDeg, racksBelowDeg: DEFAULT_LAYOUT.flatRoofBelowDeg, latitude: place.latitude };
        for (const { check, panel } of checkFace(segment, onFace, existing, drawn, options)) {
          counts.set(check, counts.get(check)! + 1);
          if (examples.get(check)!.length < 5) examples.get(check)!.push(`${name} ${building.id} face ${face} (pitch ${segment.pitch}°) panel ${panel}`);
        }
      });
    }
    const overlapping = crossBuildingOverlaps(layouts);
    overlapExamples.push(...[...new Set(overlapping.map((o) => o.building))].slice(0, 5).map((id) => `${name} ${id}`));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    rows.push(`| ${name} | ${scene.buildings.length} | ${faces} | ${panels} (${racks}) | ${LAYOUT_CHECKS.map((check) => counts.get(check)).join(' | ')} | ${overlapping.length} | ${seconds} |`);
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
console.log(`${new Date().toISOString().slice(0, 10)} · Node ${process.version}\n\n${rows.join('\n')}\n`);
for (const [check, found] of examples) if (found.length > 0) console.log(`${check}: ${found.join('; ')}`);
if (overlapExamples.length > 0) console.log(`over another building's panel: ${overlapExamples.join('; ')}`);

/** The place's model as the service builds it (HD, its extract indexed once into the scratch cache). */
async function model(place: (typeof PLACES)[string]): Promise<Uint8Array> {
  const extract = path.join(DATA, 'osm', place.extract);
  let terrainDir: string | undefined;
  if (place.srtm) {
    terrainDir = path.join(scratch, 'terrain');
    fs.mkdirSync(terrainDir, { recursive: true });
    fs.copyFileSync(path.join(DATA, 'terrain', place.srtm), path.join(terrainDir, place.srtm));
  }
  await indexExtract(extract, scratch);
  const generated = await generateModel({ latitude: place.latitude, longitude: place.longitude, radiusKm: place.radiusKm, quality: 'hd', sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract: extract, terrainDir, cacheDir: scratch } }, () => {});
  return generated.glb;
}
