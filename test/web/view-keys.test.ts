import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ViewCamera } from '../../web/src/viewer/view-camera.ts';
import { moveViewByKey } from '../../web/src/viewer/view-keys.ts';

/** The little of a canvas the orbit controls touch outside a browser. */
const listener = { addEventListener() {}, removeEventListener() {} };
const canvas = { ...listener, style: {}, getRootNode: () => listener, ownerDocument: listener } as unknown as HTMLCanvasElement;

/** A view looking north at the origin from 240 m, as the viewer makes it. */
function view(): ViewCamera {
  const camera = new ViewCamera({ clientWidth: 800, clientHeight: 600 } as HTMLElement, canvas);
  camera.resize(800, 600);
  camera.fitModel(300);
  camera.camera.position.set(0, 120, 208);
  camera.controls.update();
  return camera;
}

const distance = (v: ViewCamera) => v.camera.position.distanceTo(v.controls.target);

test('the arrow keys turn the view about its target, 15° a press, right to the east, keeping its distance', () => {
  const v = view();
  assert.equal(Math.round(v.heading()), 0);
  const before = distance(v);
  for (let press = 0; press < 6; press++) assert.equal(moveViewByKey(v.controls, 'ArrowRight', false), true);
  assert.equal(Math.round(v.heading()), 90, 'six presses to the right: facing east');
  assert.ok(Math.abs(distance(v) - before) < 1e-6);
  moveViewByKey(v.controls, 'ArrowLeft', false);
  assert.equal(Math.round(v.heading()), 75);
});

test('up and down tilt the view within the controls’ limits; + and − zoom within theirs', () => {
  const v = view();
  const height = () => v.camera.position.y - v.controls.target.y;
  const before = height();
  moveViewByKey(v.controls, 'ArrowUp', false);
  assert.ok(height() > before, 'up looks more from above');
  for (let press = 0; press < 40; press++) moveViewByKey(v.controls, 'ArrowDown', false);
  assert.ok(height() > 0, 'never below the horizon the controls allow');
  const far = distance(v);
  moveViewByKey(v.controls, '+', false);
  assert.ok(Math.abs(distance(v) - 0.8 * far) < 1e-6, '+ brings the camera to 0.8 of its distance');
  for (let press = 0; press < 40; press++) moveViewByKey(v.controls, '-', false);
  assert.ok(Math.abs(distance(v) - v.controls.maxDistance) < 1e-6, '− stops at the zoom limit');
});

test('Shift and the arrows move the view over the ground, forward as it looks; other keys are not the view’s', () => {
  const v = view();
  const before = distance(v);
  moveViewByKey(v.controls, 'ArrowUp', true);
  assert.ok(v.controls.target.z < -30 && Math.abs(v.controls.target.x) < 1e-6 && Math.abs(v.controls.target.y) < 1e-6, `forward is north: ${v.controls.target.toArray()}`);
  assert.equal(Math.round(v.heading()), 0, 'the heading is kept');
  assert.ok(Math.abs(distance(v) - before) < 1e-6);
  moveViewByKey(v.controls, 'ArrowRight', true);
  assert.ok(v.controls.target.x > 30, 'right is east');
  const at = v.camera.position.clone();
  for (const key of ['a', ' ', 'Enter', 'Tab']) assert.equal(moveViewByKey(v.controls, key, false), false, key);
  assert.ok(v.camera.position.equals(at), 'nothing moved');
});
