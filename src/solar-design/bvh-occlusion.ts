/**
 * Whether a ray is blocked, asked of a three-mesh-bvh BVH as an any-hit query. Shading asks only this,
 * millions of times a model, and `MeshBVH.raycastFirst` answers a harder question: it looks for the
 * nearest hit, keeps searching after the first, and allocates an intersection (point, face, normal,
 * barycentric coordinates) for every triangle the ray crosses. Here the BVH's nodes (its serialised
 * form, shared not copied) are walked with no allocation and the walk stops at the first triangle hit.
 *
 * The answer is the one `raycastFirst` gives, not an approximation: a node is entered on the same
 * ray–box test (three-mesh-bvh's `intersectsNodeBounds`, its inverse direction computed once per ray
 * instead of once per node) and a triangle counts on the same test (three's `Ray.intersectTriangle`,
 * both sides, then the hit's distance within [near, far]). `raycastFirst` returns a hit exactly when
 * some triangle under entered nodes passes that test; so does this walk, in whichever order it goes.
 * test/solar-design/bvh-occlusion.test.ts checks the two agree ray by ray on a generated model.
 */
import { BufferAttribute, Ray, Vector3, type BufferGeometry } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import type { Vec3 } from './face-frame.ts';

/** The node layout of three-mesh-bvh 0.9's buffers: 32 bytes a node (six bounds, then offsets and flags). */
const UINT32_PER_NODE = 8;
/** A leaf's marker in the node's last 16 bits. */
const LEAF_FLAG = 0xffff;
/** Room for the walk's pending nodes: at most one per level, and three-mesh-bvh builds at most 40 levels. */
const STACK_SIZE = 128;

/** An any-hit ray query over one BVH (see the file's comment). */
export class BvhOcclusion {
  readonly #bounds: Float32Array;
  readonly #words16: Uint16Array;
  readonly #words32: Uint32Array;
  readonly #index: ArrayLike<number>;
  readonly #positions: ArrayLike<number>;
  readonly #stack = new Int32Array(STACK_SIZE);
  readonly #ray = new Ray();
  readonly #a = new Vector3();
  readonly #b = new Vector3();
  readonly #c = new Vector3();
  readonly #hit = new Vector3();
  /** The current ray's origin and inverse direction, read by every node test. */
  #ox = 0;
  #oy = 0;
  #oz = 0;
  #ix = 0;
  #iy = 0;
  #iz = 0;

  private constructor(root: ArrayBuffer, index: ArrayLike<number>, positions: ArrayLike<number>) {
    this.#bounds = new Float32Array(root);
    this.#words16 = new Uint16Array(root);
    this.#words32 = new Uint32Array(root);
    this.#index = index;
    this.#positions = positions;
  }

  /**
   * The query over a BVH built on `geometry`, or undefined when the BVH is one this walk does not read
   * (geometry groups give several roots; the indirect option keeps triangles in another buffer;
   * interleaved or normalised positions are not read as they are stored).
   */
  static of(bvh: MeshBVH, geometry: BufferGeometry): BvhOcclusion | undefined {
    const { roots, index, indirectBuffer } = MeshBVH.serialize(bvh, { cloneBuffers: false });
    const positions = geometry.getAttribute('position');
    if (roots.length !== 1 || indirectBuffer || !index || !(positions instanceof BufferAttribute) || positions.itemSize !== 3 || positions.normalized) return undefined;
    return new BvhOcclusion(roots[0], index, positions.array);
  }

  /** Whether some triangle lies along `direction` from `origin` at a distance within [near, far]. */
  blocked(origin: Vec3, direction: Vec3, near: number, far: number): boolean {
    this.#ox = origin[0];
    this.#oy = origin[1];
    this.#oz = origin[2];
    this.#ix = 1 / direction[0];
    this.#iy = 1 / direction[1];
    this.#iz = 1 / direction[2];
    this.#ray.origin.set(origin[0], origin[1], origin[2]);
    this.#ray.direction.set(direction[0], direction[1], direction[2]);
    const stack = this.#stack;
    const words32 = this.#words32;
    let pending = 0;
    stack[pending++] = 0;
    while (pending > 0) {
      const node = stack[--pending];
      if (!this.#entersNode(node, near, far)) continue;
      if (this.#words16[node * 2 + 15] === LEAF_FLAG) {
        if (this.#hitsLeaf(words32[node + 6], this.#words16[node * 2 + 14], near, far)) return true;
        continue;
      }
      // The child on the side the ray comes from is walked first: a hit there ends the walk sooner.
      const left = node + UINT32_PER_NODE;
      const right = node + words32[node + 6] * UINT32_PER_NODE;
      const leftFirst = direction[words32[node + 7]] >= 0;
      stack[pending++] = leftFirst ? right : left;
      stack[pending++] = leftFirst ? left : right;
    }
    return false;
  }

  /** three-mesh-bvh's `intersectsNodeBounds`, step for step, with the ray's inverse direction given. */
  #entersNode(node: number, near: number, far: number): boolean {
    const b = this.#bounds;
    const ox = this.#ox;
    const oy = this.#oy;
    const oz = this.#oz;
    const ix = this.#ix;
    const iy = this.#iy;
    const iz = this.#iz;
    let tmin = ((ix >= 0 ? b[node] : b[node + 3]) - ox) * ix;
    let tmax = ((ix >= 0 ? b[node + 3] : b[node]) - ox) * ix;
    const tymin = ((iy >= 0 ? b[node + 1] : b[node + 4]) - oy) * iy;
    const tymax = ((iy >= 0 ? b[node + 4] : b[node + 1]) - oy) * iy;
    if (tmin > tymax || tymin > tmax) return false;
    if (tymin > tmin || Number.isNaN(tmin)) tmin = tymin;
    if (tymax < tmax || Number.isNaN(tmax)) tmax = tymax;
    const tzmin = ((iz >= 0 ? b[node + 2] : b[node + 5]) - oz) * iz;
    const tzmax = ((iz >= 0 ? b[node + 5] : b[node + 2]) - oz) * iz;
    if (tmin > tzmax || tzmin > tmax) return false;
    if (tzmin > tmin || Number.isNaN(tmin)) tmin = tzmin;
    if (tzmax < tmax || Number.isNaN(tmax)) tmax = tzmax;
    return tmin <= far && tmax >= near;
  }

  /** Whether a triangle of a leaf is hit within [near, far] (three-mesh-bvh's test for a double-sided mesh). */
  #hitsLeaf(offset: number, count: number, near: number, far: number): boolean {
    const index = this.#index;
    for (let triangle = offset; triangle < offset + count; triangle++) {
      this.#corner(this.#a, index[triangle * 3]);
      this.#corner(this.#b, index[triangle * 3 + 1]);
      this.#corner(this.#c, index[triangle * 3 + 2]);
      if (this.#ray.intersectTriangle(this.#a, this.#b, this.#c, false, this.#hit) === null) continue;
      const distance = this.#ray.origin.distanceTo(this.#hit);
      // Written as three-mesh-bvh rejects a hit, so that a NaN distance counts as it does there.
      if (!(distance < near || distance > far)) return true;
    }
    return false;
  }

  #corner(target: Vector3, vertex: number): void {
    const p = this.#positions;
    target.set(p[vertex * 3], p[vertex * 3 + 1], p[vertex * 3 + 2]);
  }
}
