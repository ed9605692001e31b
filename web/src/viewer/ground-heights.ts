import { Box3, Mesh, type BufferAttribute, type BufferGeometry, type Object3D } from 'three';
import { isGroundSurface } from './model-content.ts';
import { worldPositions } from './vertical-hit.ts';

/** Nodes across the model's width: a 0.3 km model is read every 3 m, a 5 km one every 50 m (see {@link nodeSpacing}). */
const NODES_ACROSS = 200;
const FINEST_M = 3;

/**
 * The height of the model's ground (terrain, sea and the layers draped on them; not buildings) on a
 * regular grid in plan, read once from the drawn triangles, so the camera can be kept over the ground
 * on every move without a ray through the whole model.
 */
export class GroundHeights {
  readonly #minX: number;
  readonly #minZ: number;
  readonly #step: number;
  readonly #columns: number;
  readonly #rows: number;
  /** Height at each node, row by row (z), NaN where no ground covers the node. */
  readonly #heights: Float32Array;

  private constructor(box: Box3, step: number) {
    this.#minX = box.min.x;
    this.#minZ = box.min.z;
    this.#step = step;
    this.#columns = Math.floor((box.max.x - box.min.x) / step) + 2;
    this.#rows = Math.floor((box.max.z - box.min.z) / step) + 2;
    this.#heights = new Float32Array(this.#columns * this.#rows).fill(Number.NaN);
  }

  /** Reads the ground of a model's content; undefined when it has none. */
  static read(content: Object3D): GroundHeights | undefined {
    content.updateWorldMatrix(true, true);
    const meshes: Mesh[] = [];
    content.traverse((object) => {
      if (object instanceof Mesh && isGroundSurface(object)) meshes.push(object);
    });
    const box = new Box3();
    for (const mesh of meshes) box.expandByObject(mesh);
    if (box.isEmpty()) return undefined;
    const heights = new GroundHeights(box, nodeSpacing(box));
    for (const mesh of meshes) heights.#addMesh(mesh);
    return heights;
  }

  /** Distance between the grid's nodes, metres. */
  get spacing(): number {
    return this.#step;
  }

  /** The ground's height at (`x`, `z`) in the model frame, read between the nodes around; points beyond the model read its edge. */
  heightAt(x: number, z: number): number | undefined {
    const { column, row, fx, fz } = this.#cell(x, z);
    let sum = 0;
    let weight = 0;
    for (const [dc, dr, w] of [[0, 0, (1 - fx) * (1 - fz)], [1, 0, fx * (1 - fz)], [0, 1, (1 - fx) * fz], [1, 1, fx * fz]] as const) {
      const h = this.#node(column + dc, row + dr);
      if (Number.isNaN(h) || w === 0) continue;
      sum += h * w;
      weight += w;
    }
    return weight > 0 ? sum / weight : this.highestNear(x, z);
  }

  /** The highest of the nodes around (`x`, `z`): the ground the camera must stay over there, whatever lies between the nodes. */
  highestNear(x: number, z: number): number | undefined {
    const { column, row } = this.#cell(x, z);
    let highest = Number.NEGATIVE_INFINITY;
    for (let dr = 0; dr <= 1; dr++) for (let dc = 0; dc <= 1; dc++) {
      const h = this.#node(column + dc, row + dr);
      if (h > highest) highest = h;
    }
    return highest === Number.NEGATIVE_INFINITY ? undefined : highest;
  }

  /** The cell holding (`x`, `z`), clamped to the grid, and where in it the point lies (0–1 each way). */
  #cell(x: number, z: number): { column: number; row: number; fx: number; fz: number } {
    const u = Math.min(Math.max((x - this.#minX) / this.#step, 0), this.#columns - 1);
    const v = Math.min(Math.max((z - this.#minZ) / this.#step, 0), this.#rows - 1);
    const column = Math.min(Math.floor(u), this.#columns - 2);
    const row = Math.min(Math.floor(v), this.#rows - 2);
    return { column, row, fx: u - column, fz: v - row };
  }

  #node(column: number, row: number): number {
    return this.#heights[row * this.#columns + column];
  }

  /** Sets every node a triangle of `mesh` covers in plan to its height there, the highest where several cover it. */
  #addMesh(mesh: Mesh): void {
    const geometry = mesh.geometry as BufferGeometry;
    const position = geometry.getAttribute('position') as BufferAttribute | undefined;
    if (!position) return;
    const xyz = worldPositions(geometry, position, mesh.matrixWorld.elements);
    const index = geometry.index?.array;
    const count = index ? index.length : position.count;
    for (let i = 0; i + 2 < count; i += 3) {
      this.#addTriangle(xyz, index ? index[i] : i, index ? index[i + 1] : i + 1, index ? index[i + 2] : i + 2);
    }
  }

  #addTriangle(xyz: Float32Array, a: number, b: number, c: number): void {
    const ax = xyz[a * 3], ay = xyz[a * 3 + 1], az = xyz[a * 3 + 2];
    const bx = xyz[b * 3], by = xyz[b * 3 + 1], bz = xyz[b * 3 + 2];
    const cx = xyz[c * 3], cy = xyz[c * 3 + 1], cz = xyz[c * 3 + 2];
    const area = (bx - ax) * (cz - az) - (cx - ax) * (bz - az);
    // Upright triangles (walls of the ground's edge) cover no ground in plan.
    if (Math.abs(area) < 1e-6) return;
    const step = this.#step;
    const c0 = Math.max(0, Math.ceil((Math.min(ax, bx, cx) - this.#minX) / step));
    const c1 = Math.min(this.#columns - 1, Math.floor((Math.max(ax, bx, cx) - this.#minX) / step));
    const r0 = Math.max(0, Math.ceil((Math.min(az, bz, cz) - this.#minZ) / step));
    const r1 = Math.min(this.#rows - 1, Math.floor((Math.max(az, bz, cz) - this.#minZ) / step));
    for (let row = r0; row <= r1; row++) {
      const z = this.#minZ + row * step;
      for (let column = c0; column <= c1; column++) {
        const x = this.#minX + column * step;
        // Barycentric weights of b and c; a node on an edge belongs to both triangles, either is right.
        const u = ((x - ax) * (cz - az) - (cx - ax) * (z - az)) / area;
        const v = ((bx - ax) * (z - az) - (x - ax) * (bz - az)) / area;
        if (u < -1e-9 || v < -1e-9 || u + v > 1 + 1e-9) continue;
        const y = ay + u * (by - ay) + v * (cy - ay);
        const k = row * this.#columns + column;
        if (!(this.#heights[k] >= y)) this.#heights[k] = y;
      }
    }
  }
}

/** Spacing of the grid's nodes for ground spanning `box`: about {@link NODES_ACROSS} across, never finer than {@link FINEST_M}. */
function nodeSpacing(box: Box3): number {
  return Math.max(FINEST_M, Math.max(box.max.x - box.min.x, box.max.z - box.min.z) / NODES_ACROSS);
}
