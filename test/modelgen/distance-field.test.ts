import assert from 'node:assert/strict';
import { test } from 'node:test';
import { distanceField } from '../../src/modelgen/geometry/distance-field.ts';
import type { Point2 } from '../../src/modelgen/geometry/local-frame.ts';
import { distanceToSegment } from '../../src/modelgen/geometry/polygon.ts';

test('the distance field answers the distance to the nearest line within a cell, everywhere in its square', () => {
  const lines: Point2[][] = [
    [[-250, 30], [-40, 80], [120, -60]],
    [[200, -300], [260, 300]],
  ];
  const extent = 320;
  const cells = 500;
  const field = distanceField(lines, extent, cells);
  const cell = (2 * extent) / cells;
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  let worst = 0;
  for (let k = 0; k < 2000; k++) {
    const p: Point2 = [random() * extent, random() * extent];
    const exact = Math.min(...lines.flatMap((line) => line.slice(1).map((b, i) => distanceToSegment(p, line[i], b))));
    worst = Math.max(worst, Math.abs(field(...p) - exact));
  }
  assert.ok(worst < cell, `largest error ${worst.toFixed(2)} m against cells of ${cell.toFixed(2)} m`);
  // Past the square, the nearest cell on its edge answers.
  assert.ok(Math.abs(field(400, 0) - field(extent - cell / 2, 0)) < 1e-9);
});

test('without lines in its square every point is infinitely far, never NaN', () => {
  const field = distanceField([], 100, 50);
  assert.equal(field(0, 0), Infinity);
  assert.equal(distanceField([[[5, 5]]], 100, 50)(0, 0), Infinity);
  // A line wholly outside the square (a coast just past a small model's edge) marks no cell.
  const outside = distanceField([[[-330, -790], [-1440, -940]]], 100, 50);
  for (const [x, y] of [[0, 0], [-98, -98], [-100 + 2, -100 + 2], [300, 300]]) assert.equal(outside(x, y), Infinity, `${x}, ${y}`);
});
