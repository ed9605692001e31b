import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Point2 } from '../../src/modelgen/geometry/local-frame.ts';
import { mergedCourtyards, outlineRemainder, pieceArea } from '../../src/modelgen/geometry/outline-remainder.ts';
import { oriented, signedArea } from '../../src/modelgen/geometry/polygon.ts';

const box = (x0: number, y0: number, x1: number, y1: number): Point2[] => oriented([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], true);

test('the rest of an outline its parts leave uncovered: an L beside a corner part, a ring around a central one, no slivers', () => {
  const outline = { outer: box(0, 0, 20, 20), inners: [] };
  const corner = outlineRemainder(outline, [{ outer: box(10, 10, 20, 20), inners: [] }]);
  assert.equal(corner.length, 1);
  assert.ok(Math.abs(pieceArea(corner[0]) - 300) < 1e-6, `an L of 300 m², got ${pieceArea(corner[0])}`);
  const ring = outlineRemainder(outline, [{ outer: box(5, 5, 15, 15), inners: [] }]);
  assert.equal(ring.length, 1);
  assert.equal(ring[0].inners.length, 1, 'the central part is a hole in the rest');
  assert.ok(Math.abs(pieceArea(ring[0]) - 300) < 1e-6);
  // A part mapped 0.3 m short of the outline's edge leaves a strip 0.3 m wide: a sliver, not a building.
  assert.deepEqual(outlineRemainder(outline, [{ outer: box(0.3, 0, 20, 20), inners: [] }]), []);
  assert.deepEqual(outlineRemainder(outline, [{ outer: box(0, 0, 20, 20), inners: [] }]), [], 'covered whole');
});

test('courtyards mapped as holes sharing an edge are one courtyard (no wall on both sides of the edge); a courtyard apart stays as it is', () => {
  const clockwise = (x0: number, y0: number, x1: number, y1: number) => oriented(box(x0, y0, x1, y1), false);
  const apart = clockwise(30, 30, 34, 34);
  const merged = mergedCourtyards([clockwise(5, 5, 10, 15), clockwise(10, 5, 15, 15), apart]);
  assert.equal(merged.length, 2);
  assert.ok(merged.includes(apart), 'the courtyard apart is returned as it was');
  const joined = merged.find((ring) => ring !== apart)!;
  assert.ok(Math.abs(signedArea(joined) + 100) < 1e-6, `one clockwise courtyard of 100 m², got ${signedArea(joined)}`);
  assert.ok(!joined.some(([x, y]) => x === 10 && y > 5 && y < 15), 'no corner left on the shared edge');
  const single = [clockwise(5, 5, 10, 15)];
  assert.equal(mergedCourtyards(single), single);
});
