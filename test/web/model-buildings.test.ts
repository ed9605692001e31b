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
