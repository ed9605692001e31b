import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  BoxGeometry, BufferAttribute, ConeGeometry, InstancedMesh, Matrix4, BufferGeometry, DoubleSide, Group, Mesh, MeshBasicMaterial, Raycaster, SphereGeometry, Vector3, type Intersection, type Object3D,
} from 'three';
import { verticalHit } from '../../web/src/viewer/vertical-hit.ts';

/** What three.js's raycaster reports for a ray cast straight down at (x, z). */
function raycastDown(root: Object3D, x: number, z: number): Intersection | undefined {
  return new Raycaster(new Vector3(x, 10_000, z), new Vector3(0, -1, 0)).intersectObject(root, true)[0];
}

/**
 * A scene like a model's: a quantized (normalized Int16) ground sheet scaled and moved by its node, a
 * rotated box on it, a sphere, a one-sided roof seen from below (its front faces down) and instanced trees.
 */
function scene(): Group {
  const root = new Group();
  const ground = new BufferGeometry();
  const corners = [[-1, 0, -1], [1, 0.1, -1], [1, 0.2, 1], [-1, -0.05, 1]].flatMap(([x, y, z]) => [x * 32767, y * 32767, z * 32767]);
  ground.setAttribute('position', new BufferAttribute(new Int16Array(corners), 3, true));
  ground.setIndex([0, 3, 2, 0, 2, 1]);
  const sheet = new Mesh(ground, new MeshBasicMaterial());
  sheet.scale.set(100, 40, 100);
  sheet.position.set(5, 2, -3);
  const box = new Mesh(new BoxGeometry(10, 12, 8), new MeshBasicMaterial());
  box.position.set(20, 8, 10);
  box.rotation.y = 0.6;
  const ball = new Mesh(new SphereGeometry(6, 24, 16), new MeshBasicMaterial());
  ball.position.set(-30, 15, 25);
  const under = new BufferGeometry().setAttribute('position', new BufferAttribute(new Float32Array([-60, 30, -60, -40, 30, -60, -50, 30, -40]), 3));
  const downward = new Mesh(under, new MeshBasicMaterial());
  const both = new Mesh(under.clone().translate(0, 0, 30), new MeshBasicMaterial({ side: DoubleSide }));
  const trees = new InstancedMesh(new ConeGeometry(2, 8, 6), new MeshBasicMaterial(), 3);
  [[-70, 60], [70, -70], [0, 80]].forEach(([x, z], i) => trees.setMatrixAt(i, new Matrix4().makeTranslation(x, 10, z)));
  const inner = new Group();
  inner.position.set(0, 1, 0);
  inner.add(box, ball);
  root.add(sheet, inner, downward, both, trees);
  return root;
}

describe('a vertical ray without three.js raycasts', () => {
  test('finds the same mesh, triangle and height as three.js on a grid over a quantized, moved, rotated scene', () => {
    const root = scene();
    root.updateMatrixWorld(true);
    let compared = 0;
    for (let x = -90; x <= 90; x += 3.7) {
      for (let z = -90; z <= 90; z += 3.3) {
        const expected = raycastDown(root, x, z);
        const got = verticalHit(root, x, z);
        assert.equal(got?.object, expected?.object, `the same mesh at ${x}, ${z}`);
        if (!expected || !got) continue;
        assert.equal(got.faceIndex, expected.faceIndex, `the same triangle at ${x}, ${z}`);
        assert.ok(Math.abs(got.point.y - expected.point.y) < 1e-3, `height ${got.point.y} against ${expected.point.y} at ${x}, ${z}`);
        compared++;
      }
    }
    assert.ok(compared > 2000, `${compared} points hit something`);
    assert.ok(verticalHit(root, 70, -70)?.object instanceof InstancedMesh, 'a tree is hit where it stands');
  });

  test('a one-sided face turned down is missed, a two-sided one is hit, and nothing is found outside the model', () => {
    const root = scene();
    assert.notEqual(verticalHit(root, -50, -55)?.point.y, 30, 'the downward face is not seen from above');
    assert.equal(verticalHit(root, -50, -25)?.point.y, 30);
    assert.equal(verticalHit(root, 500, 500), undefined);
  });

  test('follows a mesh moved after an earlier query', () => {
    const root = scene();
    const before = verticalHit(root, 20, 10)!.point.y;
    root.position.y = 7;
    assert.ok(Math.abs(verticalHit(root, 20, 10)!.point.y - (before + 7)) < 1e-4);
  });
});
