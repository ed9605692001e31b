import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CORRECTABLE_SHAPES, redrawBuilding } from '../../src/modelgen/browser.ts';

const building = { footprint: { outer: [[0, 0], [12, 0], [12, 8], [0, 8]] as [number, number][], inners: [] }, wallTop: 6, base: 2, minHeight: 0 };
// No straight skeleton loaded, as in the browser.

test('every shape a visitor can choose is drawn as chosen, at the chosen pitch, from the eaves up', () => {
  for (const shape of CORRECTABLE_SHAPES) {
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

test('a correction out of range says what is allowed', () => {
  assert.throws(() => redrawBuilding(building, { shape: 'gabled', pitch: 80 }), /Roof pitch 80° is out of range: use 5–60°/);
  assert.throws(() => redrawBuilding(building, { shape: 'dome' as never }), /Unknown roof shape "dome": use one of flat, gabled/);
});
