import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PerspectiveCamera, Texture, Vector3 } from 'three';
import type { StreetLabel } from '../../src/modelgen/browser.ts';
import { LabelLayer } from '../../web/src/viewer/label-layer.ts';
import { CELL_PX, type StreetLabelAtlas } from '../../web/src/viewer/street-label-atlas.ts';

/** An atlas's layout for the digits, as the browser draws it (the textures' pixels do not matter here). */
const atlas = {
  halo: new Texture(),
  fill: new Texture(),
  glyphs: new Map([...'0123456789'].map((digit, i) => [digit, { advance: 30, cell: 46, u0: i / 10, v0: 0, u1: (i + 1) / 10, v1: CELL_PX / 1024 }])),
} as unknown as StreetLabelAtlas;

/** A camera south of the origin looking north, as a visitor in the street looks at a house. */
function camera(): PerspectiveCamera {
  const view = new PerspectiveCamera(45, 1, 1, 1000);
  view.position.set(0, 5, 40);
  view.lookAt(0, 2, 0);
  view.updateMatrixWorld();
  return view;
}

/** The layer's quads: four corners each. */
function quads(layer: LabelLayer): Vector3[][] {
  const position = layer.meshes[0].geometry.getAttribute('position');
  const corners = Array.from({ length: position.count }, (_, i) => new Vector3().fromBufferAttribute(position, i));
  return Array.from({ length: corners.length / 4 }, (_, q) => corners.slice(4 * q, 4 * q + 4));
}

/** The way a quad's front faces (counter-clockwise corners). */
const facing = ([a, b, c]: Vector3[]) => b.clone().sub(a).cross(c.clone().sub(a)).normalize();

test('a number on a wall stands upright before it, facing the street; one on the ground lies flat, facing up', () => {
  // A wall along x at z = 0 (its street to the south, +z): the path runs east, the wall to its left seen from above.
  const onWall: StreetLabel = { name: '12', size: 1.2, path: [-1, 2.2, 0.15, 0, 2.2, 0.15, 1, 2.2, 0.15], upright: true };
  const onGround: StreetLabel = { name: '12', size: 1.6, path: [-1, 0.2, 3, 0, 0.2, 3, 1, 0.2, 3] };
  const upright = quads(new LabelLayer([onWall], atlas, 'numbers', camera()));
  assert.equal(upright.length, 2, 'one quad a digit');
  for (const quad of upright) {
    assert.ok(quad.every((corner) => Math.abs(corner.z - 0.15) < 1e-6), 'in the plane before the wall');
    const ys = quad.map((corner) => corner.y);
    assert.ok(Math.min(...ys) < 2.2 - 0.5 && Math.max(...ys) > 2.2 + 0.5, `upright about its middle height: ${ys}`);
    assert.ok(facing(quad).z > 0.99, 'facing the street');
  }
  for (const quad of quads(new LabelLayer([onGround], atlas, 'numbers', camera()))) {
    assert.ok(quad.every((corner) => Math.abs(corner.y - quad[0].y) < 1e-6), 'level on the ground');
    assert.ok(facing(quad).y > 0.99, 'facing up');
  }
});

test('a number on a wall faces the street however the view turns along it: it is never laid backwards into the wall', () => {
  const onWall: StreetLabel = { name: '12', size: 1.2, path: [-1, 2.2, 0.15, 0, 2.2, 0.15, 1, 2.2, 0.15], upright: true };
  // In the street, looking along it (east), turned 6° away from the wall: a ground text would be laid from its other end.
  const view = new PerspectiveCamera(45, 1, 1, 1000);
  view.position.set(-30, 6, 8);
  view.lookAt(0, 6, 8 + 30 * Math.tan((6 * Math.PI) / 180));
  view.updateMatrixWorld();
  for (const quad of quads(new LabelLayer([onWall], atlas, 'numbers', view))) {
    assert.ok(facing(quad).z > 0.99, 'still facing the street');
    // The camera sees the quad's front: it stands on the side the quad faces.
    assert.ok(view.position.clone().sub(quad[0]).dot(facing(quad)) > 0);
  }
});
