import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BoxGeometry, BufferAttribute, BufferGeometry, Group, Mesh, MeshBasicMaterial, PlaneGeometry, Vector3 } from 'three';
import { cameraOverGround } from '../../web/src/viewer/camera-over-ground.ts';
import { GroundHeights } from '../../web/src/viewer/ground-heights.ts';
import { CAMERA_CLEARANCE_M } from '../../web/src/viewer/camera-over-ground.ts';
import { ViewCamera } from '../../web/src/viewer/view-camera.ts';

/** A hillside as a model draws it: ground rising 0.4 m a metre northwards (−z), 600 m across, a quantised node moved and scaled. */
function hillside(): Group {
  const root = new Group();
  const geometry = new BufferGeometry();
  // Normalised Int16 positions, as the generator writes them; the node scales them to metres.
  const corners = [[-1, 0.4, -1], [1, 0.4, -1], [1, -0.4, 1], [-1, -0.4, 1]].flatMap((corner) => corner.map((value) => Math.round(value * 32767)));
  geometry.setAttribute('position', new BufferAttribute(new Int16Array(corners), 3, true));
  geometry.setIndex([0, 3, 2, 0, 2, 1]);
  const ground = new Mesh(geometry, new MeshBasicMaterial());
  ground.userData = { surface: 'ground' };
  ground.scale.set(300, 300, 300);
  ground.position.set(0, 20, 0);
  // A tower on the slope: a building, not ground, which the heights leave out.
  const tower = new Mesh(new BoxGeometry(20, 200, 20), new MeshBasicMaterial());
  tower.position.set(100, 100, 0);
  root.add(ground, tower);
  return root;
}

/** The hillside's true height at (x, z). */
const slope = (z: number) => 20 - 0.4 * z;

/** A camera as the viewer makes it, outside a browser (the controls only need a canvas to listen to). */
function view(): ViewCamera {
  const listener = { addEventListener() {}, removeEventListener() {} };
  const canvas = { ...listener, style: {}, getRootNode: () => listener, ownerDocument: listener } as unknown as HTMLCanvasElement;
  const camera = new ViewCamera({ clientWidth: 800, clientHeight: 600 } as HTMLElement, canvas);
  camera.resize(800, 600);
  camera.fitModel(300);
  return camera;
}

test('the ground heights read the drawn ground between its nodes, leave buildings out, and read the edge beyond the model', () => {
  const heights = GroundHeights.read(hillside())!;
  for (const [x, z] of [[0, 0], [37.3, -121.9], [-250, 250], [100, 0], [-0.4, 12.6]]) {
    assert.ok(Math.abs(heights.heightAt(x, z)! - slope(z)) < 0.05, `(${x}, ${z}): ${heights.heightAt(x, z)} against ${slope(z)}`);
    assert.ok(heights.highestNear(x, z)! >= slope(z) - 0.05, 'the highest node around is not below the ground');
  }
  assert.ok(Math.abs(heights.heightAt(0, -900)! - slope(-300)) < 0.05, 'north of the model: its northern edge');
  assert.equal(GroundHeights.read(new Group().add(new Mesh(new BoxGeometry(5, 5, 5)))), undefined, 'a model without ground has none');
});

test('orbiting low on a slope keeps the camera over the hill, at its distance from the target', () => {
  const camera = view();
  camera.aim(new Vector3(0, slope(0), 0), 240);
  camera.setGround(GroundHeights.read(hillside()));
  const { controls } = camera;
  // The camera uphill (north), as low as the controls let it: 240 m away at 86° from the zenith it
  // stands 17 m over the target, where the hill is 96 m higher.
  for (const azimuth of [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5]) {
    const polar = controls.maxPolarAngle;
    camera.camera.position.set(Math.sin(azimuth) * Math.sin(polar) * 240, slope(0) + Math.cos(polar) * 240, -Math.cos(azimuth) * Math.sin(polar) * 240);
    controls.update();
    const { y, z } = camera.camera.position;
    assert.ok(y >= slope(z) + CAMERA_CLEARANCE_M - 0.1, `azimuth ${azimuth}: camera at ${y.toFixed(1)} m, ground ${slope(z).toFixed(1)} m`);
    assert.ok(Math.abs(camera.camera.position.distanceTo(controls.target) - 240) < 0.5, 'raised along its sphere, not pushed away');
    // Downhill (south) the lowest view stays as the visitor set it.
    if (Math.cos(azimuth) < -0.5) assert.ok(Math.abs(y - (slope(0) + Math.cos(controls.maxPolarAngle) * 240)) < 0.1, 'downhill: left low');
  }
});

test('a pan uphill carries the orbit target over the ground at its height above it; a target set by the page stays where it was set', () => {
  const camera = view();
  camera.aim(new Vector3(0, slope(0) + 6, 0), 120);
  camera.setGround(GroundHeights.read(hillside()));
  const { controls } = camera;
  controls.dispatchEvent({ type: 'start' });
  // What a pan does: the target and the camera move together over the horizontal plane.
  const shift = new Vector3(10, 0, -80);
  controls.target.add(shift);
  camera.camera.position.add(shift);
  controls.update();
  controls.dispatchEvent({ type: 'end' });
  assert.ok(Math.abs(controls.target.y - (slope(-80) + 6)) < 0.1, `target ${controls.target.y.toFixed(1)} m, 6 m over the ground at ${slope(-80)} m`);
  assert.ok(Math.abs(camera.camera.position.distanceTo(controls.target) - 120) < 0.5, 'the camera came along');
  camera.focus([0, 5, 0], 60);
  assert.equal(controls.target.y, 5, 'focus keeps the point it was given, even under the ground');
});

test('a ridge between the camera and the point it orbits is looked over, not into', () => {
  // Level ground with a ridge 25 m high running east-west 80 m north of the house.
  const ridge = (z: number) => 25 * Math.max(0, 1 - Math.abs(z + 80) / 30);
  const geometry = new PlaneGeometry(600, 600, 120, 120).rotateX(-Math.PI / 2);
  const position = geometry.getAttribute('position');
  for (let i = 0; i < position.count; i++) position.setY(i, ridge(position.getZ(i)));
  const mesh = new Mesh(geometry, new MeshBasicMaterial());
  mesh.userData = { surface: 'ground' };
  const heights = GroundHeights.read(new Group().add(mesh))!;
  const target = new Vector3(0, 0, 0);
  // North of the ridge, 240 m out and 17 m up: the ridge stands in the line of sight.
  const raised = cameraOverGround(heights, target, new Vector3(0, 17, -239.4))!;
  assert.ok(raised, 'the camera moved');
  assert.ok(Math.abs(raised.distanceTo(target) - 240) < 0.5, `along its sphere: ${raised.distanceTo(target).toFixed(1)} m`);
  for (let f = 0.05; f < 1; f += 0.05) {
    const point = target.clone().lerp(raised, f);
    assert.ok(point.y >= ridge(point.z) - 0.05, `the sight line passes over the ridge at ${point.z.toFixed(0)}: ${point.y.toFixed(1)} m, the ridge ${ridge(point.z).toFixed(1)} m`);
  }
  // South, with nothing between: it stays where it is.
  assert.equal(cameraOverGround(heights, target, new Vector3(0, 17, 239.4)), undefined);
});

test('a cliff higher than the camera\'s distance sends it up over the target, never straight overhead: it keeps its compass direction', () => {
  // Ground rising 2 m a metre northwards: 20 m north of the target it stands 40 m high.
  const geometry = new PlaneGeometry(600, 600, 120, 120).rotateX(-Math.PI / 2);
  const position = geometry.getAttribute('position');
  for (let i = 0; i < position.count; i++) position.setY(i, Math.max(0, -2 * position.getZ(i)));
  const mesh = new Mesh(geometry, new MeshBasicMaterial());
  mesh.userData = { surface: 'ground' };
  const heights = GroundHeights.read(new Group().add(mesh))!;
  const target = new Vector3(0, 0, 0);
  // South-west of north, 20 m out, low.
  const raised = cameraOverGround(heights, target, new Vector3(-7, 2, -18.7))!;
  const horizontal = Math.hypot(raised.x, raised.z);
  assert.ok(horizontal > 0.5, `off the vertical: ${horizontal.toFixed(2)} m`);
  assert.ok(Math.abs(Math.atan2(raised.x, raised.z) - Math.atan2(-7, -18.7)) < 1e-6, 'the same compass direction');
});
