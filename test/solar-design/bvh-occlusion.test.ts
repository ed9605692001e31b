import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BufferAttribute, BufferGeometry, DoubleSide, Ray } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import { BvhOcclusion } from '../../src/solar-design/bvh-occlusion.ts';
import type { Vec3 } from '../../src/solar-design/face-frame.ts';
import { skyDirections, yearlySunSamples } from '../../src/solar-design/sun-samples.ts';

/** A small deterministic generator (mulberry32), so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A town of boxes (walls and gabled roofs sharing corners, as the generator's are) on a ground of two
 * large triangles, indexed: edges and corners shared between triangles are where a ray can slip through
 * one test and not the other, so rays are aimed at them too.
 */
function town(next: () => number): { positions: Float32Array; index: Uint32Array; corners: Vec3[] } {
  const vertices: number[] = [-300, 0, -300, 300, 0, -300, 300, 0, 300, -300, 0, 300];
  const triangles: number[] = [0, 1, 2, 0, 2, 3];
  const corners: Vec3[] = [];
  for (let house = 0; house < 150; house++) {
    const [x, z] = [Math.round(next() * 500 - 250), Math.round(next() * 500 - 250)];
    const [w, d, h, ridge] = [4 + Math.round(next() * 12), 4 + Math.round(next() * 12), 3 + Math.round(next() * 15), next() * 4];
    const base = vertices.length / 3;
    const box: Vec3[] = [[x, 0, z], [x + w, 0, z], [x + w, 0, z + d], [x, 0, z + d], [x, h, z], [x + w, h, z], [x + w, h, z + d], [x, h, z + d], [x, h + ridge, z + d / 2], [x + w, h + ridge, z + d / 2]];
    for (const corner of box) vertices.push(...corner);
    corners.push(...box);
    // Four walls, two roof slopes, two gables.
    for (const [a, b, c] of [[0, 1, 5], [0, 5, 4], [1, 2, 6], [1, 6, 5], [2, 3, 7], [2, 7, 6], [3, 0, 4], [3, 4, 7], [4, 5, 9], [4, 9, 8], [7, 6, 9], [7, 9, 8], [4, 8, 7], [5, 6, 9]]) triangles.push(base + a, base + b, base + c);
  }
  return { positions: new Float32Array(vertices), index: new Uint32Array(triangles), corners };
}

test('the any-hit walk blocks exactly the rays three-mesh-bvh’s raycastFirst hits, ray by ray', () => {
  const next = random(21);
  const { positions, index, corners } = town(next);
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.setIndex(new BufferAttribute(index, 1));
  const bvh = new MeshBVH(geometry, { targetLeafSize: 8 });
  const occlusion = BvhOcclusion.of(bvh, geometry);
  assert.ok(occlusion, 'a BVH over one indexed geometry is read');
  const ray = new Ray();
  const firstHit = (origin: Vec3, direction: Vec3) => {
    ray.origin.set(...origin);
    ray.direction.set(...direction);
    return bvh.raycastFirst(ray, DoubleSide, 0.01, 5000) !== null;
  };
  // Directions as shading asks them, and along the axes (infinite inverse directions, NaN slab tests).
  const unit = (v: Vec3): Vec3 => v.map((c) => c / Math.hypot(...v)) as Vec3;
  const directions: Vec3[] = [...yearlySunSamples(47, 9.5).map((s) => s.direction), ...skyDirections(), [1, 0, 0], [0, 1, 0], [0, 0, -1], [0, -1, 0], unit([1, 1, 0]), unit([0, 1, -1])];
  // Origins on roofs and in the streets, on a house's corners (ray along shared edges) and inside houses.
  const origins: Vec3[] = [];
  for (let i = 0; i < 300; i++) origins.push([next() * 560 - 280, next() * 20 + 0.05, next() * 560 - 280]);
  for (let i = 0; i < 200; i++) origins.push(corners[Math.floor(next() * corners.length)]);
  let [blocked, open] = [0, 0];
  for (const origin of origins) {
    for (const direction of directions) {
      const expected = firstHit(origin, direction);
      assert.equal(occlusion.blocked(origin, direction, 0.01, 5000), expected, `origin ${origin}, direction ${direction}`);
      if (expected) blocked += 1;
      else open += 1;
    }
  }
  // Aimed at corners from afar: rays that pass exactly through shared vertices.
  for (let i = 0; i < 2000; i++) {
    const target = corners[Math.floor(next() * corners.length)];
    const origin: Vec3 = [target[0] + (next() - 0.5) * 60, target[1] + next() * 30, target[2] + (next() - 0.5) * 60];
    const direction = unit([target[0] - origin[0], target[1] - origin[1], target[2] - origin[2]]);
    assert.equal(occlusion.blocked(origin, direction, 0.01, 5000), firstHit(origin, direction), `origin ${origin}, towards corner ${target}`);
  }
  assert.ok(blocked > 10_000 && open > 10_000, `both answers are exercised (${blocked} blocked, ${open} open)`);
});

test('a BVH it cannot read (geometry groups: several roots) is declined, so the engine keeps raycastFirst', () => {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1]), 3));
  geometry.addGroup(0, 3, 0);
  geometry.addGroup(3, 3, 1);
  assert.equal(BvhOcclusion.of(new MeshBVH(geometry), geometry), undefined);
});
