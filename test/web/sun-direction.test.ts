import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sunDirection, viewHeading } from '../../src/solar-design/index.ts';
import { fitShadowBox } from '../../web/src/viewer/shadow-fit.ts';

const close = (actual: number, expected: number, what: string) => assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} vs ${expected}`);

describe('sun direction in the model frame (+X east, +Y up, −Z north)', () => {
  test('cardinal suns on the horizon point along the axes', () => {
    const cases: [number, [number, number, number]][] = [[0, [0, 0, -1]], [90, [1, 0, 0]], [180, [0, 0, 1]], [270, [-1, 0, 0]]];
    for (const [azimuth, [x, y, z]] of cases) {
      const direction = sunDirection(azimuth, 0);
      close(direction.x, x, `x at ${azimuth}°`);
      close(direction.y, y, `y at ${azimuth}°`);
      close(direction.z, z, `z at ${azimuth}°`);
    }
  });

  test('a south sun 30° high is half up and toward +Z; the vector is a unit vector', () => {
    const direction = sunDirection(180, 30);
    close(direction.y, 0.5, 'up');
    close(direction.z, Math.sqrt(3) / 2, 'south');
    close(direction.x, 0, 'east');
    const southWest = sunDirection(225, 45);
    close(Math.hypot(southWest.x, southWest.y, southWest.z), 1, 'length');
    assert.ok(southWest.x < 0 && southWest.z > 0, 'south-west is −X (west) and +Z (south)');
  });

  test('the view heading reads the compass from a viewing direction', () => {
    close(viewHeading({ x: 0, y: -1, z: -1 }), 0, 'looking north');
    close(viewHeading({ x: 1, y: -0.5, z: 0 }), 90, 'looking east');
    close(viewHeading({ x: 0, y: 0, z: 1 }), 180, 'looking south');
    close(viewHeading({ x: -1, y: 0, z: 0 }), 270, 'looking west');
    close(viewHeading({ x: 0, y: -1, z: 0 }), 0, 'straight down');
  });
});

describe('the shadow box', () => {
  test('follows the camera distance between a crisp minimum and the model size', () => {
    assert.equal(fitShadowBox(10, 300, 40).halfSize, 35, 'close up: the minimum');
    assert.equal(fitShadowBox(200, 300, 40).halfSize, 180, 'grows with the distance');
    assert.equal(fitShadowBox(2000, 300, 40).halfSize, 450, 'never beyond the model');
    const box = fitShadowBox(200, 300, 40);
    assert.ok(box.far > box.lightDistance + box.halfSize, 'the far plane reaches past the target');
  });
});
