import assert from 'node:assert/strict';
import { test } from 'node:test';
import { emptyMapFeatures } from '../../src/modelgen/features/map-features.ts';
import { LocalFrame } from '../../src/modelgen/geometry/local-frame.ts';
import { seaLevelGround } from '../../src/modelgen/ground/sea-level-ground.ts';

test('along a shore the land stands at least 0.5 m over the sea, and the floor falls away inland as a bank, not a wall', () => {
  const frame = new LocalFrame(43.7, 7.4);
  const features = emptyMapFeatures();
  // A straight coast running north at x = 50 m: the land west of it (on its left), the sea east.
  features.ground.push({ kind: 'coastline', osmId: 'way/1', points: [frame.toLonLat([50, -600]), frame.toLonLat([50, 600])] });
  // The elevation data put the whole shore at sea level, as SRTM does a pier.
  const { ground, underBuildings } = seaLevelGround(features, frame, 300, 0, () => 0);
  assert.ok(ground(45, 0) >= 0.49, `5 m inland the land stands ${ground(45, 0).toFixed(2)} m over the sea`);
  assert.ok(ground(60, 0) < -1.5, `10 m out the seabed lies ${ground(60, 0).toFixed(2)} m under the sea`);
  assert.equal(underBuildings(60, 0), 0, 'a building out there stands at sea level');
  let steepest = 0;
  for (let x = 45; x > -20; x -= 0.1) steepest = Math.max(steepest, Math.abs(ground(x, 0) - ground(x - 0.1, 0)) / 0.1);
  assert.ok(steepest <= 1.05, `the land inland of the floor falls at most 45°: steepest ${steepest.toFixed(2)} m a metre`);
  assert.ok(Math.abs(ground(-20, 0)) < 0.01, `70 m inland the data's ground: ${ground(-20, 0).toFixed(2)} m`);
});
