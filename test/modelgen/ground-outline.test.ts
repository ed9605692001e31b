import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Point2 } from '../../src/modelgen/geometry/local-frame.ts';
import type { Point3 } from '../../src/modelgen/geometry/mesh-builder.ts';
import { pointInRing, signedArea } from '../../src/modelgen/geometry/polygon.ts';
import { GroundOutline, TAB_MARGIN_M, TAB_MAX_M } from '../../src/modelgen/terrain/ground-outline.ts';

const box = (x0: number, y0: number, x1: number, y1: number): Point2[] => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
/** A square far larger than the outline, sloping 10 % east, cut by the outline. */
const cover = (outline: GroundOutline) => outline.clip([[-1000, -1000, -100], [1000, -1000, 100], [1000, 1000, 100], [-1000, 1000, -100]] as Point3[]);
const covered = (pieces: Point3[][], p: Point2) => pieces.some((piece) => pointInRing(p, piece.map(([x, y]): Point2 => [x, y])));
const area = (pieces: Point3[][]) => pieces.reduce((sum, piece) => sum + Math.abs(signedArea(piece.map(([x, y]): Point2 => [x, y]))), 0);

describe('the ground outline: the circle, with tabs under buildings that cross it', () => {
  test('without buildings across it, the outline is the circle', () => {
    const outline = new GroundOutline(100, [box(-10, -10, 10, 10)]);
    assert.equal(outline.isCircle, true);
    assert.equal(outline.maxRadius, 100);
    const pieces = cover(outline);
    assert.equal(pieces.length, 1);
    assert.ok(Math.abs(area(pieces) - Math.PI * 100 ** 2) / (Math.PI * 100 ** 2) < 0.001, `the circle's area, ${area(pieces).toFixed(0)} m²`);
  });

  test('buildings across the circle in the east (across 0°) and the west (across ±180°) stand on ground, and nothing else widens', () => {
    const east = box(90, -15, 130, 12);
    const west = box(-140, -8, -95, 20);
    const outline = new GroundOutline(100, [east, west, box(0, 0, 10, 10)]);
    assert.equal(outline.isCircle, false);
    const far = Math.hypot(-140, 20) + TAB_MARGIN_M;
    assert.ok(outline.maxRadius >= far && outline.maxRadius < far + 1, `reaches ${outline.maxRadius.toFixed(2)} m`);
    const pieces = cover(outline);
    for (const ring of [east, west]) {
      for (const [x, y] of ring) assert.ok(covered(pieces, [x * 0.999, y * 0.999]), `ground under the corner ${x}, ${y}`);
    }
    assert.ok(!covered(pieces, [0, 120]) && !covered(pieces, [0, -120]), 'north and south the ground ends at the circle');
    // A tab follows its building: beside the east building, beyond its reach, there is no ground.
    assert.ok(!covered(pieces, [125, 40]) && !covered(pieces, [125, -35]), 'the tab is not a fan over the building\'s whole angle at its farthest reach');
    // The pieces do not overlap: their area is the circle's and the tabs' (each at most its fan's).
    const tabs = area(pieces) - Math.PI * 100 ** 2;
    assert.ok(tabs > 0 && tabs < 2 * Math.PI * (outline.maxRadius ** 2 - 100 ** 2) * (60 / 360), `the tabs add ${tabs.toFixed(0)} m²`);
    for (const piece of pieces) for (const [x, , z] of piece) assert.ok(Math.abs(z - x / 10) < 1e-9, 'heights interpolated along the cuts');
  });

  test('a slit under 20 m between two tabs is closed; a wider gap is left', () => {
    const pair = (gap: number) => {
      const outline = new GroundOutline(100, [box(95, -30, 120, -gap / 2), box(95, gap / 2, 120, 30)]);
      return cover(outline);
    };
    assert.ok(covered(pair(12), [110, 0]), 'a 12 m slit is closed');
    assert.ok(!covered(pair(40), [110, 0]), 'a 40 m gap stays open');
  });

  test('a tab under a building crossing the circle at a slant ends in a line along its wall, not in steps', () => {
    // A square turned 45°, its corner 40 m past the circle: its walls cross the radii at a slant.
    const diamond: Point2[] = [[110, -30], [140, 0], [110, 30], [80, 0]];
    const pieces = cover(new GroundOutline(100, [diamond]));
    // The ground's reach along radii 0.5 m apart at the circle: between neighbours it changes a little, never by a step.
    const reach = (angle: number) => {
      let r = 100;
      while (covered(pieces, [(r + 0.05) * Math.cos(angle), (r + 0.05) * Math.sin(angle)])) r += 0.05;
      return r;
    };
    const reaches = Array.from({ length: 60 }, (_, i) => reach((-15 + i * 0.5) / 100));
    const jumps = reaches.slice(1).map((r, i) => Math.abs(r - reaches[i]));
    assert.ok(Math.max(...jumps) < 1.2, `largest change between radii 0.5 m apart: ${Math.max(...jumps).toFixed(2)} m`);
    for (const [x, y] of diamond) assert.ok(covered(pieces, [x * 0.999, y * 0.999]), `ground under the corner ${x}, ${y}`);
  });

  test('a site reaching farther than the tab limit beyond the circle is left cut', () => {
    const outline = new GroundOutline(100, [box(90, -10, 100 + TAB_MAX_M + 10, 10)]);
    assert.equal(outline.isCircle, true);
  });
});
