import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BoxGeometry, DirectionalLight, Mesh, MeshStandardMaterial, Scene, type WebGLRenderer } from 'three';
import { AdaptiveResolution } from '../../web/src/viewer/adaptive-resolution.ts';
import { ShadowUpdates } from '../../web/src/viewer/shadow-state.ts';

describe('adaptive resolution', () => {
  test('a frame at rest is drawn at the full ratio; slow frames in a run lower it, down to a floor', () => {
    const resolution = new AdaptiveResolution(2);
    assert.equal(resolution.frame(0), 2);
    assert.equal(resolution.frame(5000), 2, 'a single frame after a pause');
    resolution.interacting = true;
    const ratios = [5400, 5850, 6300, 6750, 7200, 7650].map((t) => resolution.frame(t));
    assert.ok(ratios[1] < 2, `the second slow frame of the turn is drawn smaller (${ratios.join(', ')})`);
    assert.ok(ratios.at(-1)! >= 0.25 * 2 - 1e-9 && ratios.at(-1)! <= 0.35 * 2, `it settles at the floor (${ratios.at(-1)})`);
    assert.equal(resolution.frame(7700, true), 2, 'a frame asked for at rest (a snapshot) is full');
  });

  test('quick frames in a run bring the full ratio back; a device that draws quickly never drops', () => {
    const slow = new AdaptiveResolution(1);
    slow.interacting = true;
    for (const t of [0, 400, 800, 1200]) slow.frame(t);
    const lowered = slow.frame(1600);
    let t = 1600;
    let ratio = lowered;
    for (let i = 0; i < 8; i++) ratio = slow.frame((t += 16));
    assert.ok(lowered < 1 && ratio === 1, `${lowered} → ${ratio}`);

    const quick = new AdaptiveResolution(1.5);
    quick.interacting = true;
    for (let i = 0; i < 30; i++) assert.equal(quick.frame(i * 16), 1.5);
  });

  test('frames that merely follow one another (a model’s first frames) stay at the full ratio', () => {
    const resolution = new AdaptiveResolution(1);
    for (const t of [0, 200, 400, 600, 800]) assert.equal(resolution.frame(t), 1);
    assert.equal(resolution.moving, false);
    resolution.measured(400);
    for (const t of [1000, 1200]) assert.equal(resolution.frame(t), 1, 'a slow device too, while nobody turns the view');
    resolution.interacting = true;
    assert.equal(resolution.moving, true);
    assert.equal(resolution.frame(2500), 0.35, 'a turn is drawn at the share its measured frame allows');
    resolution.interacting = false;
    assert.equal(resolution.frame(5000), 1, 'after the turn, full again');
  });
});

describe('adaptive resolution from a measured frame', () => {
  test('a turn starts at the share that should draw in about 60 ms', () => {
    const slow = new AdaptiveResolution(1);
    slow.measured(2000);
    slow.interacting = true;
    assert.equal(slow.frame(0), 0.25, 'a 2 s frame: the lowest share at once');
    const slower = new AdaptiveResolution(1);
    slower.measured(450);
    slower.interacting = true;
    assert.equal(slower.frame(0), 0.35, 'a 450 ms frame: a third of the pixels (about 60 ms)');
    const fair = new AdaptiveResolution(2);
    fair.measured(200);
    fair.interacting = true;
    assert.equal(fair.frame(0), 1, 'a 200 ms frame: half the ratio (a quarter of the pixels)');
    fair.interacting = false;
    assert.equal(fair.frame(5000), 2);
    const quick = new AdaptiveResolution(2);
    quick.measured(12);
    quick.interacting = true;
    assert.equal(quick.frame(0), 2);
  });
});

describe('shadow map updates', () => {
  function setUp() {
    const renderer = { shadowMap: { autoUpdate: true, needsUpdate: false } } as unknown as WebGLRenderer;
    const scene = new Scene();
    const sun = new DirectionalLight();
    sun.position.set(10, 20, 5);
    scene.add(sun, sun.target);
    const house = new Mesh(new BoxGeometry(4, 6, 4), new MeshStandardMaterial());
    house.castShadow = true;
    scene.add(house);
    const shadows = new ShadowUpdates(renderer);
    const update = (box: string, moving = false) => {
      renderer.shadowMap.needsUpdate = false;
      return shadows.update(renderer, scene, sun, box, moving) && renderer.shadowMap.needsUpdate;
    };
    return { renderer, scene, sun, house, update };
  }

  test('drawn for the first frame, then only when a caster, the sun or the box at rest changes', () => {
    const { renderer, sun, house, scene, update } = setUp();
    assert.equal(renderer.shadowMap.autoUpdate, false);
    assert.equal(update('a'), true, 'the first frame');
    assert.equal(update('a'), false, 'nothing changed (the view turned)');
    house.position.x = 3;
    assert.equal(update('a'), true, 'a caster moved');
    sun.position.set(-10, 20, 5);
    assert.equal(update('a'), true, 'the sun moved');
    assert.equal(update('b', true), false, 'a new box waits while the view moves');
    assert.equal(update('b'), true, 'and is drawn at rest');
    house.geometry.index!.needsUpdate = true;
    assert.equal(update('b'), true, 'a caster’s triangles were edited');
    const panel = new Mesh(new BoxGeometry(1, 0.1, 2), new MeshStandardMaterial());
    panel.castShadow = true;
    scene.add(panel);
    assert.equal(update('b', true), true, 'a new caster is drawn even while moving');
    const glow = new Mesh(new BoxGeometry(1, 1, 1), new MeshStandardMaterial());
    scene.add(glow);
    assert.equal(update('b'), false, 'an object that casts no shadow changes nothing');
  });
});
