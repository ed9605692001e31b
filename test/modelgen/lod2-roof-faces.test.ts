import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Point3 } from '../../src/modelgen/geometry/mesh-builder.ts';
import { describeMeasuredFace } from '../../src/modelgen/lod2/measured-mesh.ts';
import { mergeCoplanar } from '../../src/modelgen/lod2/roof-faces.ts';

// A south face 10 m wide rising 4 m over 4 m (45°), split into two triangles as data often is, and the north face.
const south: Point3[] = [[0, 0, 6], [10, 0, 6], [10, 4, 10], [0, 4, 10]];
const north: Point3[] = [[10, 8, 6], [0, 8, 6], [0, 4, 10], [10, 4, 10]];

test('a plane split into triangles is one face: whole area, traced outline, its pitch and azimuth', () => {
  const faces = mergeCoplanar([
    { outer: [south[0], south[1], south[2]], holes: [] },
    { outer: [south[0], south[2], south[3]], holes: [] },
    { outer: north, holes: [] },
  ]);
  assert.equal(faces.length, 2);
  const [face] = faces.filter((f) => f.polygons.length === 2);
  const segment = describeMeasuredFace(face);
  assert.equal(segment.pitch, 45);
  assert.equal(segment.azimuth, 180);
  assert.ok(Math.abs(segment.area - 10 * Math.hypot(4, 4)) < 0.01, `${segment.area}`);
  assert.equal(segment.outline.length, 4, 'the shared diagonal is not part of the outline');
  const other = describeMeasuredFace(faces.find((f) => f !== face)!);
  assert.equal(other.azimuth, 0);
});

test('planes that share an edge but not a plane, or a plane but not an edge, stay apart', () => {
  const steeper: Point3[] = [[10, 0, 6], [20, 0, 6], [20, 4, 11], [10, 4, 11]];
  const apart: Point3[] = [[30, 0, 6], [40, 0, 6], [40, 4, 10], [30, 4, 10]];
  assert.equal(mergeCoplanar([{ outer: south, holes: [] }, { outer: steeper, holes: [] }, { outer: apart, holes: [] }]).length, 3);
});

test('polygons meeting in a T-junction stay apart (their edges do not match); no area is lost', () => {
  // The left half is one polygon; the right half is two, whose shared corner sits on the left one's edge.
  const left: Point3[] = [[0, 0, 6], [5, 0, 6], [5, 4, 10], [0, 4, 10]];
  const lower: Point3[] = [[5, 0, 6], [10, 0, 6], [10, 2, 8], [5, 2, 8]];
  const upper: Point3[] = [[5, 2, 8], [10, 2, 8], [10, 4, 10], [5, 4, 10]];
  const faces = mergeCoplanar([{ outer: left, holes: [] }, { outer: lower, holes: [] }, { outer: upper, holes: [] }]);
  assert.deepEqual(faces.map((f) => f.polygons.length).sort(), [1, 2]);
  const right = faces.find((f) => f.polygons.length === 2)!;
  assert.equal(right.outline.length, 6, 'the right half traced round, its middle corners kept');
  assert.equal(faces.reduce((sum, f) => sum + f.area, 0).toFixed(2), (10 * Math.hypot(4, 4)).toFixed(2));
});

test('a measured roof around a courtyard keeps the courtyard as an opening, whole or split into pieces', () => {
  // A flat roof 30 m square around a 10 m courtyard (east, north, up): as one polygon with an inner ring,
  // and as four pieces sharing edges, whose traced boundary has the courtyard as an inner ring.
  const z = 10;
  const whole = mergeCoplanar([{ outer: [[0, 0, z], [30, 0, z], [30, 30, z], [0, 30, z]], holes: [[[10, 10, z], [10, 20, z], [20, 20, z], [20, 10, z]]] }]);
  const pieces = mergeCoplanar([
    { outer: [[0, 0, z], [30, 0, z], [20, 10, z], [10, 10, z]], holes: [] },
    { outer: [[30, 0, z], [30, 30, z], [20, 20, z], [20, 10, z]], holes: [] },
    { outer: [[30, 30, z], [0, 30, z], [10, 20, z], [20, 20, z]], holes: [] },
    { outer: [[0, 30, z], [0, 0, z], [10, 10, z], [10, 20, z]], holes: [] },
  ]);
  for (const [faces, what] of [[whole, 'one polygon'], [pieces, 'four pieces']] as const) {
    assert.equal(faces.length, 1, what);
    const segment = describeMeasuredFace(faces[0]);
    assert.equal(segment.holes?.length, 1, `${what}: the courtyard is an opening`);
    const xs = segment.holes![0].map((p) => p[0]);
    assert.deepEqual([Math.min(...xs), Math.max(...xs)], [10, 20], what);
    assert.ok(Math.abs(segment.area - 800) < 0.01, `${what}: ${segment.area} m²`);
  }
});
