import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { assembleFeatures } from '../../src/modelgen/features/assemble-features.ts';
import { redrawBuilding } from '../../src/modelgen/browser-redraw.ts';
import { solarOnRoof } from '../../src/modelgen/geometry/existing-solar.ts';
import { generateModel, indexExtract } from '../../src/modelgen/index.ts';
import { OsmData } from '../../src/modelgen/osm/osm-elements.ts';
import { readOsmFile } from '../../src/modelgen/osm/read-osm-file.ts';
import { layoutRoof } from '../../src/solar-design/roof-layout.ts';
import { existingSolarOf, keepExistingSolarFree, type ExistingSolar } from '../../src/solar-design/existing-solar.ts';
import type { RoofSegment } from '../../src/solar-design/face-frame.ts';
import { readModel, readPrimitives } from '../helpers/read-model.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';

const EXTRACT = 'osm/liechtenstein-2024-03-04.osm.pbf';
const extract = sharedDataFile(EXTRACT);
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-existing-solar-'));
after(() => fs.rmSync(cacheDir, { recursive: true, force: true }));

test('rooftop PV mapped in Liechtenstein is drawn on its roofs, listed in the buildings’ extras, and kept free by the wizard', { skip: extract ? false : missingSharedData(EXTRACT) }, async () => {
  const mapped = assembleFeatures(new OsmData(readOsmFile(extract!))).solar;
  assert.equal(mapped.length, 156, 'every generator:source=solar + generator:method=photovoltaic object is read');

  await indexExtract(extract!, cacheDir);
  const model = await generateModel({ latitude: 47.141, longitude: 9.5209, radiusKm: 0.5, quality: 'hd', sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract: extract!, cacheDir } }, () => {});
  const { buildings } = await readModel(model.glb);
  const withSolar = buildings.filter((b) => existingSolarOf(b.extras).length > 0);
  assert.ok(withSolar.length >= 10, `${withSolar.length} buildings with PV in Vaduz`);
  for (const building of withSolar) {
    for (const pv of existingSolarOf(building.extras)) {
      assert.match(pv.osmId, /^(node|way)\/\d+$/);
      assert.ok(pv.area > 1, `${pv.osmId} covers ${pv.area} m²`);
      // The panels lie on the roof: within 20 cm above one of its faces' height range.
      for (const outline of pv.outlines) {
        const roofTop = Math.max(...building.segments.flatMap((s) => s.outline.map((p) => p[1])));
        const roofLow = Math.min(...building.segments.flatMap((s) => s.outline.map((p) => p[1])));
        assert.ok(outline.every((p) => p[1] >= roofLow - 0.01 && p[1] <= roofTop + 0.2), `${pv.osmId} lies on the roof of ${building.extras.osmId}`);
      }
    }
  }
  // The wizard lays panels out around what is there.
  const building = withSolar.find((b) => b.segments.length > 0)!;
  const segments = building.segments as unknown as RoofSegment[];
  const all = layoutRoof(segments, 47.14);
  const existing = existingSolarOf(building.extras) as ExistingSolar[];
  const free = keepExistingSolarFree(all, existing);
  assert.ok(free.length < all.length, `${all.length - free.length} of ${all.length} places taken by the PV already there`);
  const inside = (x: number, z: number) => existing.some((e) => e.outlines.some((o) => pointIn([x, z], o.map((p) => [p[0], p[2]] as [number, number]))));
  assert.ok(free.every((p) => !inside(p.centre[0], p.centre[2])), 'no new panel over existing PV');

  // Drawn as modules: the PV material's module texture laid on it, repeating every 2 m up the roof.
  const drawn = (await readPrimitives(model.glb)).filter((p) => p.surface === 'existing-solar');
  assert.equal(new Set(drawn.map((p) => p.node)).size, withSolar.length, 'every building with PV draws it');
  for (const pv of drawn) {
    assert.equal(pv.material.extras.material, 'solar_cells');
    assert.equal(pv.material.texture, 'image/webp');
    assert.ok(pv.material.baseColour[2]! > pv.material.baseColour[0]! * 1.5, `${pv.node}: dark blue cells (${pv.material.baseColour})`);
    const across = Math.max(pv.uv!.max[0] - pv.uv!.min[0], pv.uv!.max[1] - pv.uv!.min[1]);
    assert.ok(across >= 1, `${pv.node}: at least one 2 m repeat of modules across its PV (${across.toFixed(2)})`);
  }
});

function pointIn([x, y]: [number, number], ring: [number, number][]): boolean {
  let result = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    if (ring[i][1] > y !== ring[j][1] > y && x < ((ring[j][0] - ring[i][0]) * (y - ring[i][1])) / (ring[j][1] - ring[i][1]) + ring[i][0]) result = !result;
  }
  return result;
}

test('several PV points mapped on one roof lie side by side on its sunniest face, not on top of each other', () => {
  const roof = redrawBuilding({ footprint: { outer: [[0, 0], [20, 0], [20, 10], [0, 10]], inners: [] }, wallTop: 6, base: 0, minHeight: 0 }, { shape: 'flat' }).roofFaces.flatMap((f) => f.segments);
  const points = ['node/1', 'node/2'].map((osmId) => ({ osmId, points: [[10, 5]] as [number, number][], tags: {} }));
  const { installations } = solarOnRoof(roof, points, [1, 0]);
  assert.deepEqual(installations.map((i) => Math.round(i.area)), [24, 24], 'each a typical house system, whole');
  const middle = (i: number) => installations[i]!.outlines.flat().reduce((sum, p) => sum + p[0], 0) / installations[i]!.outlines.flat().length;
  assert.ok(Math.abs(middle(1) - middle(0) - Math.sqrt(24)) < 0.05, `side by side along the roof: ${middle(0).toFixed(2)} and ${middle(1).toFixed(2)} m east`);
  assert.ok(Math.abs((middle(0) + middle(1)) / 2 - 10) < 0.05, 'the row centred on the face');
});

test('a new panel crossed by a strip of PV already there is left out, though no corner of either lies in the other', () => {
  // The panel covers x −0.567…0.567, z −0.881…0.881 seen from above; the strip runs x −2…2, z 0.3…0.6.
  const panel = { face: 0, centre: [0, 3, 0], normal: [0, 1, 0], across: [1, 0, 0], up: [0, 0, -1], width: 1.134, height: 1.762, tiltDeg: 0, azimuthDeg: 180, orientation: 'portrait' } as Parameters<typeof keepExistingSolarFree>[0][number];
  const strip = (z0: number, z1: number): ExistingSolar => ({ osmId: 'way/1', area: 1.2, outlines: [[[-2, 3, z0], [2, 3, z0], [2, 3, z1], [-2, 3, z1]]] });
  assert.equal(keepExistingSolarFree([panel], [strip(0.3, 0.6)]).length, 0, 'crossed: left out');
  assert.equal(keepExistingSolarFree([panel], [strip(1.0, 1.3)]).length, 1, 'beside it: kept');
});
