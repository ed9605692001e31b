import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CORRECTABLE_SHAPES, correctionNeedsSkeleton, defaultRidgeDirection, initSkeleton, SKELETON_FALLBACK, type CorrectableShape, type Point2 } from '../../src/modelgen/browser.ts';
import { redrawBuilding } from '../../src/modelgen/browser-redraw.ts';
import { buildingHeights } from '../../src/modelgen/geometry/building-heights.ts';
import { buildBuildingMesh } from '../../src/modelgen/geometry/building-mesh.ts';
import { solarOnRoof } from '../../src/modelgen/geometry/existing-solar.ts';
import type { PrimitiveSpec } from '../../src/modelgen/gltf/glb-writer.ts';
import { buildingSurfaces } from '../../src/modelgen/materials/building-surfaces.ts';
import { MATERIALS, type MaterialName } from '../../src/modelgen/materials/surface-materials.ts';
import { storedUvs, UV_STEPS } from '../../src/modelgen/materials/uv-mapping.ts';
import { footprintExtras } from '../../src/modelgen/roof-correction/footprint-extras.ts';

const building = { footprint: { outer: [[0, 0], [12, 0], [12, 8], [0, 8]] as [number, number][], inners: [] }, wallTop: 6, base: 2, minHeight: 0 };
// No straight skeleton loaded, as in the browser before a correction needs it (loaded by the last test).

test('every shape a visitor can choose is drawn as chosen, at the chosen pitch, from the eaves up (those that need the straight skeleton once it is loaded, in the last test)', () => {
  for (const shape of CORRECTABLE_SHAPES) {
    if (correctionNeedsSkeleton(building.footprint, { shape })) continue;
    const redrawn = redrawBuilding(building, { shape, pitch: 30, ridgeDirection: 90 });
    assert.equal(redrawn.shape, shape, `${shape}: ${redrawn.fallback ?? ''}`);
    const segments = redrawn.roofFaces.flatMap((f) => f.segments);
    if (shape === 'flat') assert.deepEqual(segments.map((s) => s.pitch), [0]);
    else if (shape !== 'pyramidal') assert.ok(segments.every((s) => s.pitch < 1 || Math.abs(s.pitch - 30) < 0.5), `${shape}: ${segments.map((s) => s.pitch)}`);
    const lowest = Math.min(...segments.flatMap((s) => s.outline.map((p) => p[1])));
    assert.ok(Math.abs(lowest - 8) < 0.01, `${shape} starts at the eaves, 2 + 6 m: ${lowest}`);
  }
});

test('the ridge runs where the visitor says: east–west gives faces looking north and south, north–south faces east and west', () => {
  const azimuths = (ridgeDirection: number) => redrawBuilding(building, { shape: 'gabled', pitch: 35, ridgeDirection }).roofFaces.flatMap((f) => f.segments.map((s) => Math.round(s.azimuth))).sort((a, b) => a - b);
  assert.deepEqual(azimuths(90), [0, 180]);
  assert.deepEqual(azimuths(0), [90, 270]);
});

test('a ridge or slope given a few degrees off the walls runs along the walls (a street’s bearing typed for a house beside it); further off, where it is given', () => {
  // The outline turned so that its long walls run at 88.4° from north (Lettstrasse 28 in Vaduz, beside a street at 93°), still counter-clockwise.
  const turn = ((90 - 88.4) * Math.PI) / 180;
  const outer = building.footprint.outer.map(([x, y]): [number, number] => [x * Math.cos(turn) - y * Math.sin(turn), x * Math.sin(turn) + y * Math.cos(turn)]);
  const turned = { ...building, footprint: { outer, inners: [] } };
  const sloped = (shape: CorrectableShape, ridgeDirection: number) => redrawBuilding(turned, { shape, pitch: 35, ridgeDirection }).roofFaces.flatMap((f) => f.segments.filter((s) => s.pitch > 1));
  const azimuths = (shape: CorrectableShape, ridgeDirection: number) => sloped(shape, ridgeDirection).map((s) => Math.round(s.azimuth * 10) / 10).sort((a, b) => a - b);
  assert.deepEqual(azimuths('gabled', 93), [178.4, 358.4], 'the ridge along the walls, its faces square to them');
  const eaves = sloped('gabled', 93).flatMap((s) => s.outline.map((p) => p[1])).filter((height) => height < 8.5);
  assert.ok(eaves.every((height) => Math.abs(height - 8) < 1e-6), `level eaves at 2 + 6 m: ${eaves.map((h) => h.toFixed(3))}`);
  assert.deepEqual(azimuths('gabled', 5), [88.4, 268.4], 'across the walls');
  assert.deepEqual(azimuths('skillion', 175), [178.4], 'a slope facing the street faces square off the walls');
  assert.deepEqual(azimuths('gabled', 110), [20, 200], 'a ridge 21.6° off the walls is drawn where it is given');
});

test('a correction out of range says what is allowed', () => {
  assert.throws(() => redrawBuilding(building, { shape: 'gabled', pitch: 80 }), /Roof pitch 80° is out of range: use 5–60°/);
  assert.throws(() => redrawBuilding(building, { shape: 'dome' as never }), /Unknown roof shape "dome": use one of flat, gabled/);
});

test('a redrawn building is dressed as the generator dressed it: the same texture coordinates on walls, ground floor and roof', () => {
  // A shop with flats above (the ground floor dressed apart) and a house, each drawn and dressed by the
  // generator, then redrawn in the browser with the roof it already had.
  const outer: Point2[] = [[0, 0], [14, 0], [14, 9], [0, 9]];
  const buildings: Record<string, string>[] = [{ building: 'retail', 'building:levels': '3', 'roof:shape': 'flat' }, { building: 'house', 'building:levels': '2', 'roof:shape': 'gabled', 'roof:angle': '35' }];
  for (const tags of buildings) {
    const base = 431.5;
    const heights = buildingHeights(tags, 9);
    const mesh = buildBuildingMesh({ outer, inners: [] }, heights, base, tags);
    const dressed = buildingSurfaces(mesh, heights, base, tags, 'central', 'way/1', true);
    const stored = (spec: PrimitiveSpec) => Array.from(storedUvs(spec.mesh.positions, spec.mesh.normals, spec.uv!));
    const tileOf = (name: string) => MATERIALS[name as MaterialName].tile;
    const tiles = { walls: tileOf(dressed.materials.walls), roof: tileOf(dressed.materials.roof) };
    const building = { ...footprintExtras(outer, [], heights.wallTop), base, minHeight: heights.minHeight, materials: dressed.materials };
    const correction = tags['roof:shape'] === 'flat' ? { shape: 'flat' as const } : { shape: 'gabled' as const, pitch: 35, ridgeDirection: 90 };
    const redrawn = redrawBuilding(building, correction, tiles);
    const walls = [redrawn.groundFloor, redrawn.walls].filter((w) => w !== undefined);
    assert.equal(walls.length, dressed.walls.length, `${tags.building}: ${dressed.materials.facade}`);
    walls.forEach((wall, i) => assert.deepEqual(Array.from(wall.uvs!), stored(dressed.walls[i]), `${tags.building}: walls ${i}`));
    // The faces may come in another order (the correction names the ridge's direction, the tags do not).
    const faces = (uvs: number[][]) => uvs.map((face) => face.join()).sort();
    assert.deepEqual(faces(redrawn.roofFaces.map((face) => Array.from(face.uvs!))), faces(dressed.roofs.map(stored)), `${tags.building}: roof`);
    // Window rows: one texture repeat (UV_STEPS) per storey from the walls' foot to the eaves (the flat
    // roof's: a gable's walls rise above them), the shop front's storey and the flats' above it.
    const span = (wall: { uvs?: Int16Array }) => {
      const v = Array.from(wall.uvs!).filter((_, k) => k % 2 === 1);
      return Math.max(...v) - Math.min(...v);
    };
    if (correction.shape === 'flat') assert.deepEqual(walls.map(span), [UV_STEPS, 2 * UV_STEPS], `${tags.building}: a shop floor and 2 storeys of flats`);
  }
});

test('a roof made pitched without a ridge direction gets its ridge along the long side, as the generator draws an untagged gable', () => {
  assert.equal(defaultRidgeDirection(building.footprint.outer), 90, 'a 12 m east–west block: ridge east–west');
  // The same block turned 30° clockwise (its long side towards 120°), and a long north–south one.
  const turn = (deg: number) => building.footprint.outer.map(([x, y]) => {
    const a = (-deg * Math.PI) / 180;
    return [x * Math.cos(a) - y * Math.sin(a), x * Math.sin(a) + y * Math.cos(a)] as [number, number];
  });
  assert.equal(defaultRidgeDirection(turn(30)), 120);
  assert.equal(defaultRidgeDirection([[0, 0], [6, 0], [6, 20], [0, 20]]), 0);
  // The default is the ridge the generator draws: its faces look across it.
  const faces = redrawBuilding({ ...building, footprint: { outer: turn(30), inners: [] } }, { shape: 'gabled', pitch: 30, ridgeDirection: defaultRidgeDirection(turn(30)) });
  assert.deepEqual(faces.roofFaces.flatMap((f) => f.segments.map((s) => Math.round(s.azimuth))).sort((a, b) => a - b), [30, 210]);
});

// An L: 12 × 8 m with a 6 × 6 m wing.
const ell = { ...building, footprint: { outer: [[0, 0], [12, 0], [12, 8], [6, 8], [6, 14], [0, 14]] as [number, number][], inners: [] } };

test('without the straight skeleton (not fetched yet, or not fetchable) a hipped or pyramidal roof on an L-shaped outline is drawn as a gable at the pitch asked for, from the eaves, and says why', () => {
  for (const shape of ['hipped', 'pyramidal'] as const) {
    const redrawn = redrawBuilding(ell, { shape, pitch: 35, ridgeDirection: 90 });
    assert.equal(redrawn.shape, 'gabled', shape);
    assert.equal(redrawn.fallback, SKELETON_FALLBACK);
    const segments = redrawn.roofFaces.flatMap((f) => f.segments);
    assert.ok(segments.every((s) => s.pitch < 1 || Math.abs(s.pitch - 35) < 0.5), `${shape}: pitches ${segments.map((s) => s.pitch.toFixed(1))}`);
    const lowest = Math.min(...segments.flatMap((s) => s.outline.map((p) => p[1])));
    assert.ok(Math.abs(lowest - 8) < 0.01, `${shape}: the roof starts at the eaves, 2 + 6 m: ${lowest}`);
  }
});

test('without the straight skeleton a cross-gabled roof is one gable, and says why', () => {
  const redrawn = redrawBuilding(ell, { shape: 'cross-gabled', pitch: 35 });
  assert.equal(redrawn.shape, 'gabled');
  assert.equal(redrawn.fallback, SKELETON_FALLBACK);
});

test('a half-hipped roof turns its ridge where the visitor says', () => {
  const faces = (ridgeDirection: number) => new Set(redrawBuilding(building, { shape: 'half-hipped', pitch: 35, ridgeDirection }).roofFaces.flatMap((f) => f.segments.filter((s) => s.pitch > 1).map((s) => Math.round(s.azimuth))));
  // The main faces look across the ridge; the hips at its ends.
  assert.ok(faces(90).has(0) && faces(90).has(180), `ridge east–west: main faces north and south, got ${[...faces(90)]}`);
  assert.ok(faces(0).has(90) && faces(0).has(270), `ridge north–south: main faces east and west, got ${[...faces(0)]}`);
});

test('PV mapped on a roof stays where it lies seen from above and takes the corrected roof’s heights', () => {
  const flat = redrawBuilding(building, { shape: 'flat' }).roofFaces.flatMap((f) => f.segments);
  const mapped = solarOnRoof(flat, [{ osmId: 'way/1', points: [[2, 2], [8, 2], [8, 6], [2, 6]], tags: {} }], [1, 0]).installations;
  assert.ok(Math.abs(mapped[0]!.area - 24) < 0.1, `${mapped[0]!.area} m² on the flat roof`);
  const redrawn = redrawBuilding({ ...building, existingSolar: mapped }, { shape: 'gabled', pitch: 30, ridgeDirection: 90 });
  const solar = redrawn.existingSolar!;
  const faces = redrawn.roofFaces.flatMap((f) => f.segments);
  // On a 30° gable the same plan covers 24 / cos 30° of roof.
  assert.ok(Math.abs(solar.installations[0]!.area - 24 / Math.cos(Math.PI / 6)) < 0.2, `${solar.installations[0]!.area} m² on the gable`);
  // A gable is the lower of its two faces’ planes everywhere.
  const heightAt = (x: number, z: number) => Math.min(...faces.map(({ normal: [nx, ny, nz], outline: [[px, py, pz]] }) => py - (nx * (x - px) + nz * (z - pz)) / ny));
  const points = solar.installations[0]!.outlines.flat();
  assert.ok(points.length >= 6, 'a piece on each face');
  for (const [x, y, z] of points) assert.ok(Math.abs(y - heightAt(x, z)) < 0.12, `(${x}, ${z}) lies ${(y - heightAt(x, z)).toFixed(2)} m off the roof`);
  const plan = points.map(([x, , z]) => [x, -z]);
  assert.deepEqual([Math.min(...plan.map((p) => p[0]!)), Math.max(...plan.map((p) => p[0]!))].map(Math.round), [2, 8]);
  assert.deepEqual([Math.min(...plan.map((p) => p[1]!)), Math.max(...plan.map((p) => p[1]!))].map(Math.round), [2, 6]);
  assert.equal(solar.surface.positions.length % 9, 0);
  assert.ok(solar.surface.positions.length >= 9 * 4, 'drawn on both faces');
});

test('the straight skeleton is fetched for the corrections that need it; then a hipped L is hipped, and a cross-gabled L has a gable on each wing', async () => {
  assert.equal(correctionNeedsSkeleton(ell.footprint, { shape: 'hipped', pitch: 35 }), true);
  assert.equal(correctionNeedsSkeleton(ell.footprint, { shape: 'cross-gabled', pitch: 35 }), true);
  assert.equal(correctionNeedsSkeleton(ell.footprint, { shape: 'gabled', pitch: 35, ridgeDirection: 90 }), false, 'one ridge needs no skeleton');
  assert.equal(correctionNeedsSkeleton(building.footprint, { shape: 'hipped', pitch: 35 }), false, 'a rectangle needs no skeleton for a hipped roof');
  await initSkeleton();
  for (const shape of CORRECTABLE_SHAPES) assert.equal(redrawBuilding(building, { shape, pitch: 30 }).shape, shape, `${shape} on the rectangle`);
  const hipped = redrawBuilding(ell, { shape: 'hipped', pitch: 35 });
  assert.equal(hipped.shape, 'hipped');
  assert.equal(hipped.fallback, undefined);
  const slope = Math.tan((35 * Math.PI) / 180);
  const rise = (redrawn: ReturnType<typeof redrawBuilding>) => Math.max(...redrawn.roofFaces.flatMap((f) => f.segments.flatMap((s) => s.outline.map((p) => p[1])))) - 8;
  for (const redrawn of [hipped, redrawBuilding(ell, { shape: 'cross-gabled', pitch: 35 })]) {
    const segments = redrawn.roofFaces.flatMap((f) => f.segments);
    assert.ok(segments.every((s) => Math.abs(s.pitch - 35) < 0.5), `${redrawn.shape}: pitches ${segments.map((s) => s.pitch.toFixed(1))}`);
    // The 8 m wide main wing's ridge: 4 m of run at 35°, not the 6 m of one ridge across the whole 12 m outline.
    assert.ok(Math.abs(rise(redrawn) - slope * 4) < 0.01, `${redrawn.shape}: ridge ${rise(redrawn).toFixed(2)} m over the eaves`);
    assert.equal(new Set(segments.map((s) => Math.round(s.azimuth))).size, 4, `${redrawn.shape}: faces look four ways`);
  }
  const oneRidge = redrawBuilding(ell, { shape: 'gabled', pitch: 35, ridgeDirection: 90 });
  assert.ok(Math.abs(rise(oneRidge) - slope * 7) < 0.01, `a ridge the visitor turned east–west spans the L's 14 m: ${rise(oneRidge).toFixed(2)} m`);
});
