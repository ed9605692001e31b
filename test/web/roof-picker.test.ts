import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BufferAttribute, BufferGeometry, DoubleSide, Group, Mesh, MeshStandardMaterial } from 'three';
import type { BuildingRecord, RoofSegment } from '../../src/modelgen/browser.ts';
import { ModelBuildings } from '../../web/src/viewer/model-buildings.ts';
import { pickRoofBelow, withCurrentFaces } from '../../web/src/wizard/roof-picker.ts';

/** A flat roof face of `area` m² at height `y`. */
function face(y: number, area: number): RoofSegment {
  return { normal: [0, 1, 0], pitch: 0, azimuth: 180, area, outline: [[0, y, 0], [1, y, 0], [1, y, 1]] };
}

/** One batch mesh drawing a level triangle per building, centred at x = `centres[i]`, 10 m across, at height `heights[i]`. */
function roofs(centres: number[], heights: number[]): Mesh {
  const positions = centres.flatMap((x, i) => [x - 5, heights[i], -5, x + 5, heights[i], -5, x, heights[i], 5]);
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3));
  geometry.setIndex([...Array(positions.length / 3).keys()]);
  geometry.userData = { batch: 0 };
  return new Mesh(geometry, new MeshStandardMaterial({ side: DoubleSide }));
}

/** A model of a podium (way/1) with a tower part rising beside it (way/2, partOf way/1), and a house drawn whole (way/3). */
function model(): { content: Group; buildings: ModelBuildings } {
  const records: BuildingRecord[] = [
    { name: 'way/1', extras: { osmId: 'way/1', part: true }, roofSegments: [face(10, 400)], ranges: [{ batch: 0, surface: 'roof', first: 0, count: 3 }] },
    { name: 'way/2', extras: { osmId: 'way/2', part: true, partOf: 'way/1' }, roofSegments: [face(170, 300)], ranges: [{ batch: 0, surface: 'roof', first: 3, count: 3 }] },
    { name: 'way/3', extras: { osmId: 'way/3' }, roofSegments: [face(8, 60), face(8, 60)], ranges: [{ batch: 0, surface: 'roof', first: 6, count: 3 }] },
  ];
  const content = new Group();
  content.add(roofs([0, 20, 60], [10, 170, 8]));
  return { content, buildings: new ModelBuildings(content, records) };
}

test('a roof picked on a building mapped in parts takes every piece’s faces, the picked piece’s first; a building drawn whole only its own', () => {
  const { content, buildings } = model();
  const podium = pickRoofBelow(content, buildings, 0, 0)!;
  assert.equal(podium.osmId, 'way/1');
  assert.deepEqual(podium.others.map((node) => node.name), ['way/2']);
  assert.deepEqual(podium.segments.map((segment) => segment.area), [400, 300], 'the podium’s face, then the tower’s');
  const tower = pickRoofBelow(content, buildings, 20, 0)!;
  assert.equal(tower.osmId, 'way/2', 'the piece under the point is the one picked (its roof is the one corrected)');
  assert.deepEqual(tower.segments.map((segment) => segment.area), [300, 400]);
  const house = pickRoofBelow(content, buildings, 60, 0)!;
  assert.deepEqual(house.others, []);
  assert.deepEqual(house.segments.map((segment) => segment.area), [60, 60]);
  assert.equal(pickRoofBelow(content, buildings, 40, 0), undefined, 'no building there');
});

test('a roof picked before a piece was redrawn gets the faces it has now (the visitor’s house, picked when the model opened)', () => {
  const { content, buildings } = model();
  const picked = pickRoofBelow(content, buildings, 0, 0)!;
  // The tower's roof corrected meanwhile: the roof editor writes its new faces on the node.
  const tower = picked.others[0];
  tower.userData = { ...tower.userData, roofSegments: [face(172, 150), face(172, 150)] };
  assert.deepEqual(picked.segments.map((segment) => segment.area), [400, 300], 'the roof as it was picked');
  assert.deepEqual(withCurrentFaces(picked).segments.map((segment) => segment.area), [400, 150, 150]);
});
