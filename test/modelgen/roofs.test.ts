import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { buildingHeights } from '../../src/modelgen/geometry/building-heights.ts';
import { buildBuildingMesh } from '../../src/modelgen/geometry/building-mesh.ts';
import type { Point2 } from '../../src/modelgen/geometry/local-frame.ts';
import { distanceToSegment, signedArea } from '../../src/modelgen/geometry/polygon.ts';
import type { MeshBuilder } from '../../src/modelgen/geometry/mesh-builder.ts';
import { initSkeleton } from '../../src/modelgen/geometry/roofs/skeleton-roof.ts';
import { roofSpan } from '../../src/modelgen/geometry/roofs/roof-outline.ts';

/** A 20 m (east–west) by 10 m building centred on the origin. */
const RECTANGLE: Point2[] = [[-10, -5], [10, -5], [10, 5], [-10, 5]];
const L_SHAPE: Point2[] = [[0, 0], [20, 0], [20, 8], [8, 8], [8, 20], [0, 20]];
const U_SHAPE: Point2[] = [[0, 0], [24, 0], [24, 18], [16, 18], [16, 8], [8, 8], [8, 18], [0, 18]];

function build(outer: Point2[], tags: Record<string, string>, inners: Point2[][] = []) {
  const heights = buildingHeights(tags, 10);
  return { heights, mesh: buildBuildingMesh({ outer, inners }, heights, 0, tags) };
}

/** Highest y of a mesh (glTF y is up). */
function top(mesh: MeshBuilder): number {
  let max = -Infinity;
  for (let i = 1; i < mesh.positions.length; i += 3) max = Math.max(max, mesh.positions[i]);
  return max;
}

/** Every triangle: non-degenerate, and its stored normal agrees with its winding. */
function assertWellFormed(mesh: MeshBuilder): void {
  const p = mesh.positions;
  for (let t = 0; t < p.length; t += 9) {
    const u = [p[t + 3] - p[t], p[t + 4] - p[t + 1], p[t + 5] - p[t + 2]];
    const v = [p[t + 6] - p[t], p[t + 7] - p[t + 1], p[t + 8] - p[t + 2]];
    const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    const area = Math.hypot(...n) / 2;
    assert.ok(area > 1e-6, 'no degenerate triangles');
    const stored = [mesh.normals[t], mesh.normals[t + 1], mesh.normals[t + 2]];
    assert.ok(n[0] * stored[0] + n[1] * stored[1] + n[2] * stored[2] > 0, 'normal follows the winding');
  }
}

/** Wall normals point away from the footprint's inside: from the centre of each triangle outwards. */
function assertWallsFaceOut(mesh: MeshBuilder, inside: (x: number, z: number) => boolean): void {
  const p = mesh.positions;
  for (let t = 0; t < p.length; t += 9) {
    const cx = (p[t] + p[t + 3] + p[t + 6]) / 3;
    const cz = (p[t + 2] + p[t + 5] + p[t + 8]) / 3;
    const step = 0.05;
    assert.equal(inside(cx + mesh.normals[t] * step, cz + mesh.normals[t + 2] * step), false, 'a step along the normal leaves the building');
  }
}

before(async () => initSkeleton());

describe('roof shapes on hand-written footprints', () => {
  test('gabled: ridge at the tagged height along the long side, two faces at the right pitch facing north and south', () => {
    const { mesh } = build(RECTANGLE, { building: 'house', height: '9', 'roof:shape': 'gabled', 'roof:height': '3' });
    const roofTop = Math.max(...mesh.roofFaces.map((f) => top(f.mesh)));
    assert.ok(Math.abs(roofTop - 9) < 1e-4, `ridge at ${roofTop}`);
    const segments = mesh.roofFaces.flatMap((f) => f.segments);
    assert.equal(segments.length, 2);
    for (const s of segments) assert.ok(Math.abs(s.pitch - (Math.atan(3 / 5) * 180) / Math.PI) < 0.01, `pitch ${s.pitch}`);
    assert.deepEqual(segments.map((s) => s.azimuth).sort((a, b) => a - b), [0, 180]);
    assert.ok(Math.abs(segments.reduce((a, s) => a + s.area, 0) - 2 * 20 * Math.hypot(5, 3)) < 0.1);
    assertWellFormed(mesh.walls);
    assertWallsFaceOut(mesh.walls, (x, z) => Math.abs(x) < 10 && Math.abs(z) < 5);
    assert.ok(Math.abs(top(mesh.walls) - 9) < 1e-4, 'the gable ends rise to the ridge');
  });

  test('roof:orientation=across turns the ridge across the long side', () => {
    const { mesh } = build(RECTANGLE, { building: 'house', height: '9', 'roof:shape': 'gabled', 'roof:height': '3', 'roof:orientation': 'across' });
    assert.deepEqual(mesh.roofFaces.flatMap((f) => f.segments).map((s) => s.azimuth).sort((a, b) => a - b), [90, 270]);
  });

  test('skillion faces its roof:direction', () => {
    const { mesh } = build(RECTANGLE, { building: 'shed', height: '5', 'roof:shape': 'skillion', 'roof:height': '2', 'roof:direction': 'S' });
    const [segment] = mesh.roofFaces.flatMap((f) => f.segments);
    assert.equal(segment.azimuth, 180);
    assert.ok(Math.abs(segment.pitch - (Math.atan(2 / 10) * 180) / Math.PI) < 0.01);
  });

  for (const [name, outer] of [['L', L_SHAPE], ['U', U_SHAPE]] as const) {
    test(`hipped on an ${name}-shaped footprint: every face at one pitch, highest point at the height, no gaps`, () => {
      const { mesh } = build(outer, { building: 'residential', height: '12', 'roof:shape': 'hipped', 'roof:height': '4' });
      const segments = mesh.roofFaces.flatMap((f) => f.segments);
      const pitches = segments.map((s) => s.pitch);
      assert.ok(Math.max(...pitches) - Math.min(...pitches) < 0.05, `pitches ${pitches}`);
      assert.ok(Math.abs(Math.max(...mesh.roofFaces.map((f) => top(f.mesh))) - 12) < 1e-3);
      // Closed surface: the faces' plan areas add up to the footprint.
      const footprintArea = name === 'L' ? 20 * 8 + 8 * 12 : 24 * 18 - 8 * 10;
      const planArea = segments.reduce((sum, s) => sum + s.area * Math.cos((s.pitch * Math.PI) / 180), 0);
      assert.ok(Math.abs(planArea - footprintArea) < 0.5, `plan area ${planArea} vs ${footprintArea}`);
      for (const face of mesh.roofFaces) assertWellFormed(face.mesh);
    });
  }

  /** Every edge of walls and roof together, but the walls' feet, is shared by exactly two triangles: no gap between a roof and its walls. */
  function assertClosed(mesh: ReturnType<typeof build>['mesh']): void {
    const count = new Map<string, number>();
    const key = (p: Float32Array | number[], i: number) => [p[i], p[i + 1], p[i + 2]].map((v) => Math.round(v * 1000)).join(',');
    for (const part of [mesh.walls, ...mesh.roofFaces.map((f) => f.mesh)]) {
      const p = part.positions;
      for (let t = 0; t < p.length; t += 9) {
        for (const [i, j] of [[0, 3], [3, 6], [6, 0]]) {
          if (p[t + i + 1] < 1e-6 && p[t + j + 1] < 1e-6) continue; // the walls' feet
          const edge = [key(p, t + i), key(p, t + j)].sort().join('|');
          count.set(edge, (count.get(edge) ?? 0) + 1);
        }
      }
    }
    const open = [...count].filter(([, n]) => n !== 2);
    assert.deepEqual(open.slice(0, 3), [], `${open.length} edges not shared by two triangles`);
  }

  const WINGS = { L: L_SHAPE, U: U_SHAPE, T: [[0, 0], [30, 0], [30, 8], [19, 8], [19, 20], [11, 20], [11, 8], [0, 8]], staggered: [[0, 0], [10, 0], [10, 3], [20, 3], [20, 12], [10, 12], [10, 9], [0, 9]] } satisfies Record<string, Point2[]>;
  for (const [name, shape] of Object.entries(WINGS)) {
    test(`cross-gabled on a ${name}-shaped outline: a ridge per wing, gable walls meeting the roof, every face at the pitch`, () => {
      // Some hundred metres from the model's centre, as most buildings are: the skeleton's 32-bit coordinates must not open the gables.
      const outer = shape.map(([x, y]) => [x + 312.37, y - 451.91] as Point2);
      const { mesh } = build(outer, { building: 'house', 'building:levels': '2', 'roof:shape': 'cross-gabled', 'roof:angle': '35' });
      assert.equal(mesh.roofShape, 'cross-gabled');
      const segments = mesh.roofFaces.flatMap((f) => f.segments);
      for (const s of segments) assert.ok(Math.abs(s.pitch - 35) < 0.01, `pitch ${s.pitch}`);
      // Each wing is 8–9 m wide: its ridge rises tan 35° × half that above the eaves, not × half the whole outline's width.
      const eaves = Math.min(...segments.flatMap((s) => s.outline.map((p) => p[1])));
      const rise = Math.max(...mesh.roofFaces.map((f) => top(f.mesh))) - eaves;
      assert.ok(rise < Math.tan((35 * Math.PI) / 180) * 4.5 + 1e-3, `${name}: ridge ${rise.toFixed(2)} m above the eaves`);
      // The faces cover the outline once (plan areas add up), and walls rise to gables under the ridges' ends.
      const area = signedArea(outer);
      const plan = segments.reduce((sum, s) => sum + s.area * Math.cos((s.pitch * Math.PI) / 180), 0);
      assert.ok(Math.abs(plan - area) < 0.05, `plan ${plan} vs ${area}`);
      assert.ok(Math.abs(top(mesh.walls) - (eaves + rise)) < 1e-3, 'a gable wall reaches the ridge');
      assertClosed(mesh);
      for (const face of mesh.roofFaces) assertWellFormed(face.mesh);
    });
  }

  test('gabled on an L-shaped outline: one ridge along the long side across the whole outline, closed, as measured L-shaped roofs mostly are', () => {
    const { mesh } = build(L_SHAPE, { building: 'house', 'building:levels': '2', 'roof:shape': 'gabled', 'roof:angle': '35' });
    assert.equal(new Set(mesh.roofFaces.flatMap((f) => f.segments).map((s) => Math.round(s.azimuth))).size, 2);
    assertClosed(mesh);
  });

  test('cross-gabled on a square has no wing end: one gable, and says so', () => {
    const { mesh } = build([[0, 0], [10, 0], [10, 10], [0, 10]], { building: 'house', 'building:levels': '2', 'roof:shape': 'cross-gabled', 'roof:angle': '35' });
    assert.equal(mesh.roofShape, 'gabled');
    assert.match(mesh.roofFallback ?? '', /no wing end to gable/);
  });

  test('pyramidal: four faces meeting at the top', () => {
    const square: Point2[] = [[-5, -5], [5, -5], [5, 5], [-5, 5]];
    const { mesh } = build(square, { building: 'yes', height: '10', 'roof:shape': 'pyramidal', 'roof:height': '5' });
    const segments = mesh.roofFaces.flatMap((f) => f.segments);
    assert.equal(segments.length, 4);
    assert.deepEqual(segments.map((s) => Math.round(s.azimuth)).sort((a, b) => a - b), [0, 90, 180, 270]);
    assert.ok(Math.abs(Math.max(...mesh.roofFaces.map((f) => top(f.mesh))) - 10) < 1e-4);
  });

  test('dome and onion reach the height; their many faces share one primitive', () => {
    const circle: Point2[] = Array.from({ length: 16 }, (_, i) => [5 * Math.cos((i * Math.PI) / 8), 5 * Math.sin((i * Math.PI) / 8)]);
    for (const shape of ['dome', 'onion']) {
      const { mesh } = build(circle, { building: 'yes', height: '20', 'roof:shape': shape, 'roof:height': '6' });
      assert.equal(mesh.roofFaces.length, 1);
      assert.ok(mesh.roofFaces[0].segments.length > 16);
      assert.ok(Math.abs(top(mesh.roofFaces[0].mesh) - 20) < 1e-4, shape);
      assertWellFormed(mesh.roofFaces[0].mesh);
    }
  });

  test('a flat roof keeps its courtyard open', () => {
    const courtyard: Point2[] = [[-4, -2], [-4, 2], [4, 2], [4, -2]]; // clockwise
    const { mesh } = build(RECTANGLE, { building: 'apartments', 'building:levels': '4' }, [courtyard]);
    const [segment] = mesh.roofFaces.flatMap((f) => f.segments);
    assert.ok(Math.abs(segment.area - (200 - 32)) < 0.01, `area ${segment.area}`);
    assert.equal(segment.pitch, 0);
    assertWallsFaceOut(mesh.walls, (x, z) => Math.abs(x) < 10 && Math.abs(z) < 5 && !(Math.abs(x) < 4 && Math.abs(z) < 2));
  });

  test('an unknown shape falls back to flat and says so', () => {
    const { mesh } = build(RECTANGLE, { building: 'yes', height: '8', 'roof:shape': 'yes' });
    assert.equal(mesh.roofShape, 'flat');
    assert.match(mesh.roofFallback!, /unknown roof shape "yes"/);
  });
});

describe('heights from Simple 3D Buildings tags', () => {
  test('levels, min_height, roof levels, roof angle and feet', () => {
    assert.equal(buildingHeights({ building: 'yes', 'building:levels': '3' }, 10).height, 9);
    const part = buildingHeights({ 'building:part': 'yes', height: '30', min_height: '12' }, 10);
    assert.equal(part.minHeight, 12);
    assert.equal(part.wallTop, 30);
    const gabled = buildingHeights({ building: 'house', 'building:levels': '2', 'roof:levels': '1', 'roof:shape': 'gabled' }, 10);
    assert.equal(gabled.height, 9);
    assert.equal(gabled.wallTop, 6);
    const angled = buildingHeights({ building: 'yes', height: '12', 'roof:shape': 'hipped', 'roof:angle': '45' }, 10);
    assert.ok(Math.abs(angled.wallTop - 7) < 1e-9, 'tan 45° × half the width of 10 m');
    assert.ok(Math.abs(buildingHeights({ building: 'yes', height: "33'" }, 10).height - 10.0584) < 1e-6);
    // A mapped pitched roof of unknown height sits on the storeys, as a guessed or inferred one does (Moscow way/30082617).
    const storeys = buildingHeights({ building: 'yes', 'building:levels': '6', 'roof:shape': 'hipped' }, 12);
    assert.equal(storeys.wallTop, 18, 'six storeys of walls, not five and a half');
    assert.ok(storeys.height > 18 && storeys.height - 18 <= 9, `the roof on top: ${storeys.height} m`);
    const mapped = buildingHeights({ building: 'yes', height: '20', 'building:levels': '6', 'roof:shape': 'hipped' }, 12);
    assert.equal(mapped.height, 20, 'a mapped height includes the roof');
  });

  test('defaults by type are recorded as guessed; a house is not 3 m tall', () => {
    const house = buildingHeights({ building: 'house', 'roof:shape': 'gabled' }, 8);
    assert.ok(house.height >= 6, `house ${house.height} m`);
    assert.deepEqual(house.guessed.sort(), ['height', 'roof:height']);
    const unmapped = buildingHeights({ building: 'house' }, 8);
    assert.equal(unmapped.roofShape, 'flat');
    assert.deepEqual(unmapped.guessed.sort(), ['height', 'roof:shape']);
    const tagged = buildingHeights({ building: 'yes', height: '10', 'roof:shape': 'flat' }, 8);
    assert.deepEqual(tagged.guessed, []);
  });
});

describe('mansard', () => {
  test('two pitches on every side: a steep lower part and a gentle upper part, up to the height', () => {
    const { mesh } = build(RECTANGLE, { building: 'yes', height: '12', 'roof:shape': 'mansard', 'roof:height': '4' });
    const pitches = mesh.roofFaces.flatMap((f) => f.segments).map((s) => s.pitch);
    const steep = pitches.filter((p) => p > 45);
    const gentle = pitches.filter((p) => p < 45);
    assert.ok(steep.length >= 4 && gentle.length >= 2, `pitches ${pitches.map((p) => p.toFixed(0))}`);
    assert.ok(Math.abs(Math.max(...mesh.roofFaces.map((f) => top(f.mesh))) - 12) < 1e-3);
    for (const face of mesh.roofFaces) assertWellFormed(face.mesh);
  });
});

describe('half-hipped', () => {
  test('gable ends cut by small hips: two long sides, two hips at the ridge ends, ridge at the height', () => {
    const { mesh } = build(RECTANGLE, { building: 'house', height: '9', 'roof:shape': 'half-hipped', 'roof:height': '3' });
    const segments = mesh.roofFaces.flatMap((f) => f.segments);
    assert.equal(segments.length, 4);
    assert.deepEqual(segments.map((s) => Math.round(s.azimuth)).sort((a, b) => a - b), [0, 90, 180, 270]);
    assert.ok(Math.abs(Math.max(...mesh.roofFaces.map((f) => top(f.mesh))) - 9) < 1e-4);
    // The gable walls stop halfway up the roof: the hips take the top.
    assert.ok(Math.abs(top(mesh.walls) - 7.5) < 1e-4, `gable walls reach ${top(mesh.walls)}`);
    assertWellFormed(mesh.walls);
    for (const face of mesh.roofFaces) assertWellFormed(face.mesh);
    assertWallsFaceOut(mesh.walls, (x, z) => Math.abs(x) < 10 && Math.abs(z) < 5);
  });
});

describe('other profile roofs', () => {
  for (const shape of ['saltbox', 'gambrel', 'round']) {
    test(`${shape}: reaches the tagged height, faces up, well formed`, () => {
      const { mesh } = build(RECTANGLE, { building: 'yes', height: '10', 'roof:shape': shape, 'roof:height': '4' });
      assert.equal(mesh.roofShape, shape);
      assert.ok(Math.abs(Math.max(...mesh.roofFaces.map((f) => top(f.mesh))) - 10) < 1e-3);
      for (const segment of mesh.roofFaces.flatMap((f) => f.segments)) assert.ok(segment.normal[1] > 0, 'roof faces look up');
      for (const face of mesh.roofFaces) assertWellFormed(face.mesh);
      assertWellFormed(mesh.walls);
    });
  }
});

describe('roofs cut along a ridge that splits the outline, runs along a wall or crosses a courtyard', () => {
  /** The roof's triangles as drawn, seen from above: their area, and whether each one's middle lies on the footprint. */
  function planTriangles(mesh: ReturnType<typeof build>['mesh'], onFootprint: (p: Point2) => boolean): { area: number; off: number } {
    let area = 0;
    let off = 0;
    for (const face of mesh.roofFaces) {
      const p = face.mesh.positions;
      for (let t = 0; t < p.length; t += 9) {
        // glTF: x east, y up, z south; the footprint's y is north.
        const corners: Point2[] = [[p[t], -p[t + 2]], [p[t + 3], -p[t + 5]], [p[t + 6], -p[t + 8]]];
        area += Math.abs(signedArea(corners));
        if (!onFootprint([(corners[0][0] + corners[1][0] + corners[2][0]) / 3, (corners[0][1] + corners[1][1] + corners[2][1]) / 3])) off += 1;
      }
    }
    return { area, off };
  }
  const COURTYARD: Point2[] = [[-4, -2], [-4, 2], [4, 2], [4, -2]]; // clockwise, across the ridge at y = 0
  const cases: { name: string; outer: Point2[]; inners?: Point2[][]; shape: string; inside: (p: Point2) => boolean; tags?: Record<string, string> }[] = [
    // 24 × 18 m: the ridge along the long side, halfway up, cuts both arms of the U: two pieces on the north side.
    { name: 'a U whose arms the ridge cuts', outer: U_SHAPE, shape: 'gabled', inside: ([x, y]) => !(x > 8 && x < 16 && y > 8) },
    // 20 × 20 m with arms 10 m wide: the ridge halfway runs exactly along the inner wall.
    { name: 'an L whose inner wall the ridge runs along', outer: [[0, 0], [20, 0], [20, 10], [10, 10], [10, 20], [0, 20]], shape: 'gabled', inside: ([x, y]) => x < 10 || y < 10 },
    // A ridge mapped across keeps one gable over the courtyard (otherwise the roof goes round it: below).
    { name: 'a courtyard the ridge crosses', outer: RECTANGLE, inners: [COURTYARD], shape: 'gabled', inside: ([x, y]) => !(Math.abs(x) < 4 && Math.abs(y) < 2), tags: { 'roof:orientation': 'across' } },
    { name: 'a U whose arms its breaks cut', outer: U_SHAPE, shape: 'gambrel', inside: ([x, y]) => !(x > 8 && x < 16 && y > 8) },
    { name: 'a courtyard its hips and ridge cross', outer: RECTANGLE, inners: [COURTYARD], shape: 'half-hipped', inside: ([x, y]) => !(Math.abs(x) < 4 && Math.abs(y) < 2) },
  ];
  test('gabled on a block around a courtyard: the roof goes round it, eaves level all round, at the tagged pitch, as high as a wing is deep', () => {
    // 40 × 30 m with a 20 × 10 m courtyard: wings 10 m deep. One gable over the 30 m would rise 8.7 m at 30°.
    const outer: Point2[] = [[-20, -15], [20, -15], [20, 15], [-20, 15]];
    const courtyard: Point2[] = [[-10, -5], [-10, 5], [10, 5], [10, -5]];
    const { mesh, heights } = build(outer, { building: 'apartments', 'building:levels': '3', 'roof:shape': 'gabled', 'roof:angle': '30' }, [courtyard]);
    const segments = mesh.roofFaces.flatMap((face) => face.segments);
    assert.ok(segments.every((segment) => Math.abs(segment.pitch - 30) < 0.5), `every face at 30°: ${segments.map((s) => s.pitch.toFixed(1)).join(', ')}`);
    const corners = segments.flatMap((segment) => [...segment.outline, ...(segment.holes ?? []).flat()]);
    const onRing = (ring: Point2[], [x, , z]: [number, number, number]) => ring.some((a, i) => distanceToSegment([x, -z], a, ring[(i + 1) % ring.length]) < 0.01);
    const eaves = corners.filter((corner) => onRing(outer, corner) || onRing(courtyard, corner));
    assert.ok(eaves.length >= 8 && eaves.every((corner) => Math.abs(corner[1] - heights.wallTop) < 0.01), `every corner on the walls at the wall top ${heights.wallTop} m`);
    const rise = Math.max(...corners.map((corner) => corner[1])) - heights.wallTop;
    assert.ok(Math.abs(rise - 5 * Math.tan(Math.PI / 6)) < 0.05, `rises tan 30° × half a wing's depth: ${rise.toFixed(2)} m`);
    const footprint = signedArea(outer) + signedArea(courtyard);
    const { area, off } = planTriangles(mesh, ([x, y]) => !(Math.abs(x) < 10 && Math.abs(y) < 5));
    assert.ok(Math.abs(area - footprint) < 0.01 && off === 0, `covers the block once (${area.toFixed(2)} of ${footprint} m²), nothing over the courtyard`);
    for (const face of mesh.roofFaces) assertWellFormed(face.mesh);
    // Without a mapped pitch the roof gets the pitch a guessed roof has on a rectangle (about 31°), over the
    // wings' 10 m: a height guessed for the whole 30 m would make them 50° steep.
    const guessedTags = { building: 'apartments', 'building:levels': '4', 'roof:shape': 'gabled' };
    // The heights as the generator guesses them, from the width the roof spans: a wing's, not the block's.
    const span = roofSpan({ outer, inners: [courtyard] }, guessedTags);
    // (The widest circle inside fits in a corner, where two wings meet: 11.7 m across.)
    assert.ok(span >= 10 && span < 12, `the roof spans about a wing's 10 m, not the block's 30 m: ${span.toFixed(2)} m`);
    const guessedHeights = buildingHeights(guessedTags, span);
    const gable = (Math.atan((guessedHeights.height - guessedHeights.wallTop) / (span / 2)) * 180) / Math.PI;
    assert.ok(Math.abs(gable - 31) < 0.5, `a guessed roof's pitch: ${gable.toFixed(1)}°`);
    const guessedMesh = buildBuildingMesh({ outer, inners: [courtyard] }, guessedHeights, 0, guessedTags);
    const guessedPitches = guessedMesh.roofFaces.flatMap((face) => face.segments).map((segment) => segment.pitch);
    assert.ok(guessedPitches.every((pitch) => Math.abs(pitch - gable) < 0.5), `every face at the block's gable pitch ${gable.toFixed(1)}°: ${guessedPitches.map((p) => p.toFixed(1)).join(', ')}`);
  });

  for (const { name, outer, inners = [], shape, inside, tags = {} } of cases) {
    test(`${shape} on ${name}: the roof covers the footprint once, nothing beside it`, () => {
      // At the model's centre and some hundred metres from it, and turned: how a ring clipped badly triangulates depends on where it lies.
      for (const [dx, dy, degrees] of [[0, 0, 0], [312.37, -451.91, 0], [-87.5, 203.25, 13]]) {
        const [cos, sin] = [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
        const shift = (ring: Point2[]) => ring.map(([x, y]): Point2 => [x * cos - y * sin + dx, x * sin + y * cos + dy]);
        const back = ([x, y]: Point2): Point2 => [(x - dx) * cos + (y - dy) * sin, -(x - dx) * sin + (y - dy) * cos];
        const { mesh } = build(shift(outer), { building: 'house', 'building:levels': '2', 'roof:shape': shape, 'roof:angle': '30', ...tags }, inners.map(shift));
        assert.equal(mesh.roofShape, shape);
        const footprint = signedArea(outer) + inners.reduce((sum, ring) => sum + signedArea(ring), 0);
        const { area, off } = planTriangles(mesh, (p) => inside(back(p)));
        assert.ok(Math.abs(area - footprint) < 0.01, `at (${dx}, ${dy}): roof seen from above ${area.toFixed(2)} m², footprint ${footprint} m²`);
        assert.equal(off, 0, `at (${dx}, ${dy}): no roof triangle over a courtyard or between the wings`);
        const faces = mesh.roofFaces.flatMap((f) => f.segments).map((segment) => segment.area);
        assert.ok(faces.every((area) => area > 1), `at (${dx}, ${dy}): no sliver of a face along a wall the cut runs on: ${faces.map((a) => a.toFixed(2)).join(', ')} m²`);
        for (const face of mesh.roofFaces) assertWellFormed(face.mesh);
      }
    });
  }
});
