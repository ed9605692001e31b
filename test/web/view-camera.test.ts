import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Box3, Vector3 } from 'three';
import { ViewCamera } from '../../web/src/viewer/view-camera.ts';

/** The little of a canvas the orbit controls touch outside a browser. */
const listener = { addEventListener() {}, removeEventListener() {} };
const canvas = { ...listener, style: {}, getRootNode: () => listener, ownerDocument: listener } as unknown as HTMLCanvasElement;

function viewOf(width: number, height: number, azimuth = 0.8, distance = 240, radius = 300): ViewCamera {
  const view = new ViewCamera({ clientWidth: width, clientHeight: height } as HTMLElement, canvas);
  view.resize(width, height);
  view.fitModel(radius);
  view.camera.position.set(Math.cos(azimuth) * distance, distance * 0.6, Math.sin(azimuth) * distance);
  view.controls.update();
  return view;
}

/** Whether every corner of the box is drawn inside the canvas less the margins. */
function inSight(view: ViewCamera, box: Box3, width: number, height: number, margins: { left: number; right: number; top: number; bottom: number }): boolean {
  view.camera.updateMatrixWorld();
  return [0, 1, 2, 3, 4, 5, 6, 7].every((i) => {
    const p = new Vector3(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z).project(view.camera);
    return p.z < 1 && p.x >= -1 + (2 * margins.left) / width - 1e-9 && p.x <= 1 - (2 * margins.right) / width + 1e-9 && p.y >= -1 + (2 * margins.bottom) / height - 1e-9 && p.y <= 1 - (2 * margins.top) / height + 1e-9;
  });
}

const margins = { left: 0, right: 56, top: 60, bottom: 160 };

test('a house in sight leaves the view as it is; a large one beside the target is brought wholly into the part the controls leave free', () => {
  const small = new Box3(new Vector3(-6, 0, -5), new Vector3(6, 8, 5));
  const view = viewOf(390, 844);
  const before = view.camera.position.clone();
  assert.equal(view.bringIntoView(small, margins), false);
  assert.ok(view.camera.position.equals(before), 'not moved');
  // The Casino's size, 60 m east of where the view looks.
  const large = new Box3(new Vector3(30, 0, -40), new Vector3(130, 25, 30));
  assert.equal(inSight(view, large, 390, 844, margins), false, 'out of sight at first');
  assert.equal(view.bringIntoView(large, margins), true);
  assert.ok(inSight(view, large, 390, 844, margins), 'wholly in sight after');
});

test('margins that leave no room (a phone held sideways) or a house too large for the zoom end the move at the zoom limit, never in a loop', { timeout: 20_000 }, () => {
  for (let k = 0; k < 40; k++) {
    const view = viewOf(844, 390, k * 0.157, 40, 200);
    view.bringIntoView(new Box3(new Vector3(-10, 0, -8), new Vector3(10, 9, 8)), { left: 0, right: 60, top: 200, bottom: 200 });
    assert.ok(view.camera.position.distanceTo(view.controls.target) <= view.controls.maxDistance + 1e-6);
  }
  const view = viewOf(390, 844);
  view.bringIntoView(new Box3(new Vector3(-3000, 0, -3000), new Vector3(3000, 10, 3000)), margins);
  assert.ok(view.camera.position.distanceTo(view.controls.target) <= view.controls.maxDistance + 1e-6);
});
