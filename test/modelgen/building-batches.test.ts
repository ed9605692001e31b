import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import { BuildingLookup } from '../../src/modelgen/gltf/building-table.ts';
import { generateModel, indexExtract } from '../../src/modelgen/index.ts';
import { readBuildingTable } from '../helpers/building-parts.ts';
import { HandMadeMap, type Metres } from '../helpers/hand-made-map.ts';
import { readModel } from '../helpers/read-model.ts';

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-batches-'));
after(() => fs.rmSync(cacheDir, { recursive: true, force: true }));

const [LAT, LON] = [47.14, 9.52];
const box = (x: number, y: number, w: number, d: number): Metres[] => [[x, y], [x + w, y], [x + w, y + d], [x, y + d]];

/** Two plain offices (same materials) and a tiled gabled house; returns the file and the ways' OSM ids. */
function osmFile(): { file: string; offices: string[]; house: string } {
  const map = new HandMadeMap(LAT, LON);
  const office = { building: 'office', height: '12', 'building:material': 'concrete', 'roof:material': 'gravel' };
  const offices = [map.way(box(-40, -10, 20, 15), office, true), map.way(box(10, -10, 20, 15), office, true)].map((id) => `way/${id}`);
  const house = `way/${map.way(box(-10, 20, 12, 8), { building: 'house', height: '8', 'roof:shape': 'gabled', 'roof:material': 'roof_tiles', 'building:material': 'plaster' }, true)}`;
  return { file: map.write(cacheDir, 'batches.json'), offices, house };
}

describe('buildings in batches with a building table', () => {
  let glb: Uint8Array;
  let officeIds: string[] = [];
  let houseId = '';
  before(async () => {
    const map = osmFile();
    const osmExtract = map.file;
    [officeIds, houseId] = [map.offices, map.house];
    await indexExtract(osmExtract, cacheDir);
    glb = (await generateModel({ latitude: LAT, longitude: LON, radiusKm: 0.2, quality: 'hd', sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract, cacheDir } }, () => {})).glb;
  });

  test('buildings of the same materials share indexed primitives; their metadata is not in the JSON chunk', async () => {
    await MeshoptDecoder.ready;
    const document = await new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'meshopt.decoder': MeshoptDecoder }).readBinary(glb);
    const batchNodes = document.getRoot().listNodes().filter((n) => (n.getExtras() as { surface?: string }).surface === 'buildings');
    assert.equal(batchNodes.length, 1, 'one tile');
    const primitives = batchNodes[0].getMesh()!.listPrimitives();
    const surfaces = primitives.map((p) => (p.getExtras() as { surface: string }).surface).sort();
    // Walls: concrete (the offices, one batch) and plaster (the house); roofs: gravel and tiles.
    assert.deepEqual(surfaces, ['roof', 'roof', 'walls', 'walls']);
    assert.ok(primitives.every((p) => p.getIndices() && p.getIndices()!.getCount() > p.getAttribute('POSITION')!.getCount()), 'indexed, corners welded');
    const json = new TextDecoder().decode(glb.subarray(20, 20 + new DataView(glb.buffer, glb.byteOffset).getUint32(12, true)));
    assert.ok(![...officeIds, houseId].some((id) => json.includes(id)) && !json.includes('roofSegments'), 'ids and roof faces live in the table');
  });

  test('the table gives each building its metadata, roof faces and runs, and a triangle finds its building', async () => {
    const records = readBuildingTable(glb);
    assert.deepEqual(records.map((r) => r.name).sort(), [...officeIds, houseId].sort());
    const house = records.find((r) => r.name === houseId)!;
    assert.equal(house.extras.roofShape, 'gabled');
    assert.equal(house.roofSegments.length, 2);
    assert.equal(house.ranges.filter((r) => r.surface === 'roof').length, 2, 'each roof face its own run');
    const lookup = new BuildingLookup(records);
    records.forEach((record, index) => {
      for (const range of record.ranges) {
        assert.equal(range.count % 3, 0);
        assert.equal(lookup.buildingAt(range.batch, range.first), index);
        assert.equal(lookup.buildingAt(range.batch, range.first + range.count - 3), index);
      }
    });
    const offices = records.filter((r) => officeIds.includes(r.name));
    assert.equal(offices[0].ranges.find((r) => r.surface === 'walls')!.batch, offices[1].ranges.find((r) => r.surface === 'walls')!.batch, 'same walls, same batch');
    // As a viewer sees it: the house's triangles stand on its footprint and reach its height.
    const model = await readModel(glb);
    const drawn = model.buildings.find((b) => b.name === houseId)!;
    assert.ok(Math.abs(drawn.top - Number(drawn.extras.base) - 8) < 0.05, `house ${drawn.top - Number(drawn.extras.base)} m high`);
    assert.ok(drawn.triangles.every((t) => t.every(([x, , z]) => x > -10.1 && x < 2.1 && -z > 19.9 && -z < 28.1)), 'its runs hold only its own triangles');
  });
});
