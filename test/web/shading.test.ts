import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ShadingEngine } from '../../src/solar-design/shading-engine.ts';
import { skyDirections, yearlySunSamples } from '../../src/solar-design/sun-samples.ts';

/** Two triangles: a vertical wall along x at z = distance (south of the origin), `height` tall, 1 km long. */
function wallTo(distance: number, height: number): Float32Array {
  const [x0, x1] = [-500, 500];
  return new Float32Array([x0, 0, distance, x1, 0, distance, x1, height, distance, x0, 0, distance, x1, height, distance, x0, height, distance]);
}

// A tiny level panel at the origin: its five sample points are practically one, 5 cm up (y = 0).
const panel = { centre: [0, -0.05, 0] as [number, number, number], normal: [0, 1, 0] as [number, number, number], across: [1, 0, 0] as [number, number, number], up: [0, 0, -1] as [number, number, number], width: 1e-6, height: 1e-6 };

describe('shading against an analytic case: a wall to the south of a level panel', () => {
  const [distance, height] = [10, 8];
  const engine = new ShadingEngine(wallTo(distance, height));
  const sun = yearlySunSamples(45, 8);
  const sky = skyDirections(400);

  test('beam: the traced loss equals the loss from the wall’s angular height, sun by sun', () => {
    const [result] = engine.shade([panel], sun, sky, 0);
    // Independently: a sun ray (x, y, z) with z > 0 reaches the wall plane at t = d / z, at height y·t,
    // and is blocked when that is under the wall's top (and within its length).
    let total = 0;
    let lost = 0;
    for (const { direction: [x, y, z], weight } of sun) {
      const w = weight * y;
      total += w;
      if (z > 0 && (y * distance) / z < height && Math.abs((x * distance) / z) <= 500) lost += w;
    }
    const expected = lost / total;
    assert.ok(expected > 0.1 && expected < 0.9, `the case shades a real part of the year (${expected.toFixed(3)})`);
    assert.ok(Math.abs(result.beamLoss - expected) < 0.005, `traced ${result.beamLoss.toFixed(4)} vs analytic ${expected.toFixed(4)}`);
  });

  test('sky: the hidden share of the isotropic sky matches the view factor of an infinite wall, (1 − cos ψ) / 2', () => {
    const [result] = engine.shade([panel], sun, sky, 1);
    const psi = Math.atan(height / distance);
    const expected = (1 - Math.cos(psi)) / 2;
    assert.ok(Math.abs(result.skyLoss - expected) < 0.02, `traced ${result.skyLoss.toFixed(4)} vs view factor ${expected.toFixed(4)}`);
    assert.ok(Math.abs(result.loss - result.skyLoss) < 1e-12, 'diffuse share 1: the loss is the sky loss');
  });

  test('no wall, no loss; a wall to the north shades a level panel only a little in summer mornings and evenings', () => {
    const open = new ShadingEngine(new Float32Array([1000, -10, 1000, 1001, -10, 1000, 1000, -9, 1000]));
    assert.equal(open.shade([panel], sun, sky)[0].loss, 0);
    const north = new ShadingEngine(wallTo(-distance, height));
    const [south, behind] = [engine.shade([panel], sun, sky, 0)[0].beamLoss, north.shade([panel], sun, sky, 0)[0].beamLoss];
    assert.ok(behind < south / 5, `north wall ${behind.toFixed(3)} vs south wall ${south.toFixed(3)}`);
  });
});
