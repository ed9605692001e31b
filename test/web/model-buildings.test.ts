import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BufferAttribute, BufferGeometry, Group, Mesh, MeshStandardMaterial } from 'three';
import type { BuildingRecord } from '../../src/modelgen/browser.ts';
import { ModelBuildings, typicalRoofMaterial } from '../../web/src/viewer/model-buildings.ts';

/** A batch mesh of `triangles` triangles (each building's run of it is one triangle, 3 indices). */
function batch(index: number, triangles: number, material: MeshStandardMaterial): Mesh {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array(9 * triangles), 3));
  geometry.setIndex([...Array(3 * triangles).keys()]);
  geometry.userData = { batch: index };
  return new Mesh(geometry, material);
}

test('a roof turned pitched takes the material most of the model’s pitched roofs have; turned flat, the flat roofs’ one', () => {
  const walls = new MeshStandardMaterial({ name: 'plaster' });
  const gravel = new MeshStandardMaterial({ name: 'gravel' });
  const tiles = new MeshStandardMaterial({ name: 'roof_tiles' });
  const slate = new MeshStandardMaterial({ name: 'slate' });
  // Buildings: two flat (gravel), three pitched in tiles, one pitched in slate.
  const roofs: [string, number][] = [['flat', 1], ['flat', 1], ['gabled', 2], ['hipped', 2], ['gabled', 2], ['gabled', 3]];
  const used = [0, 0, 0, 0];
  const records: BuildingRecord[] = roofs.map(([roofShape, roofBatch], i) => {
    const ranges = [
      { batch: 0, surface: 'walls', first: 3 * used[0]++, count: 3 },
      { batch: roofBatch, surface: 'roof', first: 3 * used[roofBatch]++, count: 3 },
    ];
    return { name: `way/${i}`, extras: { roofShape }, roofSegments: [], ranges };
  });
  const content = new Group();
  const meshes = [batch(0, 6, walls), batch(1, 2, gravel), batch(2, 3, tiles), batch(3, 1, slate)];
  content.add(...meshes);
  const buildings = new ModelBuildings(content, records);
  const flatHouse = buildings.nodeAt(meshes[1], 0)!;
  assert.equal(flatHouse.name, 'way/0');
  assert.equal(typicalRoofMaterial(flatHouse, true), tiles);
  assert.equal(typicalRoofMaterial(flatHouse, false), gravel);
  const slateHouse = buildings.nodeAt(meshes[3], 0)!;
  assert.equal(slateHouse.name, 'way/5');
  assert.equal(typicalRoofMaterial(slateHouse, true), tiles, 'the model’s usual pitched roof, whatever this one was');
  assert.equal(typicalRoofMaterial(new Group(), true), undefined, 'a node the batches do not draw has none');
});

test('the pieces of a building: an outline and the parts that name it in partOf, whichever piece was met; a building drawn whole is alone', () => {
  const material = new MeshStandardMaterial();
  // way/1 (an outline's rest) with parts way/2 and way/3 and a second rest piece; way/4 on its own.
  const records: BuildingRecord[] = [
    { name: 'way/1', extras: {}, roofSegments: [], ranges: [{ batch: 0, surface: 'walls', first: 0, count: 3 }] },
    { name: 'way/2', extras: { part: true, partOf: 'way/1' }, roofSegments: [], ranges: [{ batch: 0, surface: 'walls', first: 3, count: 3 }] },
    { name: 'way/4', extras: {}, roofSegments: [], ranges: [{ batch: 0, surface: 'walls', first: 6, count: 3 }] },
    { name: 'way/3', extras: { part: true, partOf: 'way/1' }, roofSegments: [], ranges: [{ batch: 0, surface: 'walls', first: 9, count: 3 }] },
    { name: 'way/1#rest1', extras: { partOf: 'way/1' }, roofSegments: [], ranges: [{ batch: 0, surface: 'walls', first: 12, count: 3 }] },
  ];
  const content = new Group();
  const mesh = batch(0, 5, material);
  content.add(mesh);
  const buildings = new ModelBuildings(content, records);
  const names = (triangle: number) => buildings.piecesOf(buildings.nodeAt(mesh, triangle)!).map((node) => node.name);
  assert.deepEqual(names(3), ['way/3', 'way/1', 'way/2', 'way/1#rest1'], 'met at a part: the part first, then the outline and the other pieces');
  assert.deepEqual(names(0), ['way/1', 'way/2', 'way/3', 'way/1#rest1'], 'met at the outline');
  assert.deepEqual(names(2), ['way/4'], 'a building drawn whole');
  assert.equal(buildings.nodeAt(mesh, 1), buildings.piecesOf(buildings.nodeAt(mesh, 0)!)[1], 'one node per building, made once');
});
