import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Point2 } from '../../src/modelgen/geometry/local-frame.ts';
import { RoofCover, shareArea } from '../../src/modelgen/geometry/roof-cover.ts';
import type { RoofSegment } from '../../src/modelgen/geometry/roof-segment.ts';
import { layoutRoof } from '../../src/solar-design/roof-layout.ts';

const square = (x: number, y: number, side: number): Point2[] => [[x, y], [x + side, y], [x + side, y + side], [x, y + side]];
/** A flat roof face over an outline (east, north) at `height` (glTF frame: x east, y up, z south). */
const flatFace = (outline: Point2[], height: number): RoofSegment => ({ normal: [0, 1, 0], pitch: 0, azimuth: 180, area: 0, outline: outline.map(([x, y]) => [x, height, -y]) });

test('a tower standing on a base leaves an opening in the base’s roof, where no panel goes; not the other way round', () => {
  const base = square(0, 0, 20);
  const tower = square(7, 7, 6);
  const cover = new RoofCover([
    { id: 'way/1', outer: base, bottom: 0, eaves: 10, top: 10 },
    { id: 'way/2', outer: tower, bottom: 10, eaves: 30, top: 30 },
  ]);
  const [baseRoof] = cover.withOpenings([flatFace(base, 10)], 0);
  assert.equal(baseRoof.holes?.length, 1, 'the tower stands on the base’s roof');
  assert.deepEqual(baseRoof.holes![0].map((p) => p[1]), [10, 10, 10, 10], 'laid on the roof’s plane');
  const [towerRoof] = cover.withOpenings([flatFace(tower, 30)], 1);
  assert.equal(towerRoof.holes, undefined, 'nothing stands on the tower');
  const panels = layoutRoof([baseRoof], 47);
  const under = panels.filter(({ centre: [x, , z] }) => x > 7 && x < 13 && -z > 7 && -z < 13);
  assert.ok(panels.length > 0 && under.length === 0, `${panels.length} racks, ${under.length} under the tower`);
});

test('neighbours that abut, or overlap by a few centimetres, or stand lower, leave no opening', () => {
  const house = square(0, 0, 10);
  const cover = new RoofCover([
    { id: 'way/3', outer: house, bottom: 0, eaves: 8, top: 8 },
    { id: 'way/4', outer: square(10, 0, 10), bottom: 0, eaves: 12, top: 12 },
    { id: 'way/5', outer: square(-9.97, 2, 10), bottom: 0, eaves: 12, top: 12 },
    { id: 'way/6', outer: square(3, 3, 3), bottom: 0, eaves: 7.9, top: 7.9 },
  ]);
  assert.equal(cover.withOpenings([flatFace(house, 8)], 0)[0].holes, undefined);
  assert.ok(shareArea(house, square(5, 5, 10)), 'a real overlap counts');
});

test('two parts mapped over each other at one height: exactly one keeps the shared roof, the higher or else the smaller id', () => {
  const [a, b] = [square(0, 0, 10), square(5, 0, 10)];
  // In the order a map source might give them: the one keeping the roof does not depend on it.
  const level = new RoofCover([
    { id: 'way/8', outer: b, bottom: 0, eaves: 9, top: 9 },
    { id: 'way/7', outer: a, bottom: 0, eaves: 9, top: 9 },
  ]);
  const [first] = level.withOpenings([flatFace(a, 9)], 1);
  const [second] = level.withOpenings([flatFace(b, 9)], 0);
  assert.equal(first.holes, undefined, 'the smaller id keeps it');
  assert.equal(second.holes?.length, 1, 'the other leaves it');
  assert.ok(Math.abs(second.area - 50) < 0.01, `the second's open roof is the half not shared: ${second.area} m²`);
  const inShared = (panels: ReturnType<typeof layoutRoof>) => panels.filter(({ centre: [x] }) => x > 5 && x < 10).length;
  assert.ok(inShared(layoutRoof([first], 47)) > 0, 'panels on the shared roof, from the part keeping it');
  assert.equal(inShared(layoutRoof([second], 47)), 0, 'none from the other: the shared roof is laid out once');
  const higher = new RoofCover([
    { id: 'way/9', outer: a, bottom: 0, eaves: 9, top: 9 },
    { id: 'way/10', outer: b, bottom: 0, eaves: 9.1, top: 9.1 },
  ]);
  assert.equal(higher.withOpenings([flatFace(a, 9)], 0)[0].holes?.length, 1, 'a part 10 cm higher keeps it');
  assert.equal(higher.withOpenings([flatFace(b, 9.1)], 1)[0].holes, undefined);
});

test('a face’s area leaves out what stands on it, tilted back to its slope', () => {
  const base = square(0, 0, 20);
  const cover = new RoofCover([
    { id: 'way/11', outer: base, bottom: 0, eaves: 10, top: 10 },
    { id: 'way/12', outer: square(7, 7, 6), bottom: 10, eaves: 30, top: 30 },
    { id: 'way/13', outer: square(18, 5, 6), bottom: 0, eaves: 30, top: 30 },
  ]);
  const [roof] = cover.withOpenings([{ ...flatFace(base, 10), area: 400 }], 0);
  assert.ok(Math.abs(roof.area - (400 - 36 - 12)) < 0.01, `the tower's 36 m² and the 12 m² of the neighbour reaching over: ${roof.area} m²`);
  // A face pitched 30° falling south, its plan 20 × 20 m.
  const up = Math.cos(Math.PI / 6);
  const pitched: RoofSegment = { normal: [0, up, 0.5], pitch: 30, azimuth: 180, area: 400 / up, outline: base.map(([x, y]) => [x, 10 + y * Math.tan(Math.PI / 6), -y]) };
  const [tilted] = cover.withOpenings([pitched], 0);
  assert.ok(Math.abs(tilted.area - (400 - 36 - 12) / up) < 0.05, `tilted back to the slope: ${tilted.area} m²`);
});

test('a flat roof level with the ridge of a pitched part it overlaps keeps the shared ground; ids compare as numbers', () => {
  const [flat, gabled] = [square(0, 0, 10), square(5, 0, 10)];
  // The gabled part's id comes first; its ridge reaches the flat roof's height, its eaves are 3 m lower.
  const cover = new RoofCover([
    { id: 'way/5', outer: gabled, bottom: 0, eaves: 7, top: 10 },
    { id: 'way/9', outer: flat, bottom: 0, eaves: 10, top: 10 },
  ]);
  const [flatRoof] = cover.withOpenings([flatFace(flat, 10)], 1);
  assert.equal(flatRoof.holes, undefined, 'the flat roof lies over the gabled one: it keeps the shared ground');
  const up = Math.cos(Math.PI / 6);
  const south: RoofSegment = { normal: [0, up, 0.5], pitch: 30, azimuth: 180, area: 50 / up, outline: [[5, 7, 0], [15, 7, 0], [15, 10, -5], [5, 10, -5]] };
  assert.equal(cover.withOpenings([south], 0)[0].holes?.length, 1, 'and the gabled face under it leaves it: someone keeps it');
  const numbered = new RoofCover([
    { id: 'way/1000', outer: flat, bottom: 0, eaves: 9, top: 9 },
    { id: 'way/200', outer: gabled, bottom: 0, eaves: 9, top: 9 },
  ]);
  assert.equal(numbered.withOpenings([flatFace(gabled, 9)], 1)[0].holes, undefined, 'way/200 comes before way/1000');
  assert.equal(numbered.withOpenings([flatFace(flat, 9)], 0)[0].holes?.length, 1);
});
