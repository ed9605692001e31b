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
    { outer: base, bottom: 0, top: 10 },
    { outer: tower, bottom: 10, top: 30 },
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
    { outer: house, bottom: 0, top: 8 },
    { outer: square(10, 0, 10), bottom: 0, top: 12 },
    { outer: square(-9.97, 2, 10), bottom: 0, top: 12 },
    { outer: square(3, 3, 3), bottom: 0, top: 7.9 },
  ]);
  assert.equal(cover.withOpenings([flatFace(house, 8)], 0)[0].holes, undefined);
  assert.ok(shareArea(house, square(5, 5, 10)), 'a real overlap counts');
});
