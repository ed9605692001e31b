import { NodeIO, type Node } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';

type Vec3 = [number, number, number];

/** How buildings sit on the drawn ground of a GLB, measured as a viewer shows it (model frame: y up). */
export interface SeatingMeasure {
  buildings: number;
  /** Per building: the share of its roof area below the ground mesh. */
  roofUnder: { name: string; share: number }[];
  /** Buildings with more than 5 % of their roof area below the ground. */
  buriedOver5: number;
  /** The largest gap between the bottom of a wall standing on the ground and the ground below it, metres. */
  worstWallGap: number;
  worstWallGapAt?: string;
  groundTriangles: number;
  /** Ground vertices farthest from the origin, metres (horizontal). */
  groundReach: number;
}

/** Roof points this far below the ground count as under it: the GLB's quantised positions are accurate to about a centimetre. */
const UNDER_TOLERANCE_M = 0.05;

/** The height (glTF y) of a GLB's drawn ground at x (east), z (south), undefined off the ground mesh. */
export async function readGround(glb: Uint8Array): Promise<(x: number, z: number) => number | undefined> {
  const nodes = (await readDocument(glb)).getRoot().listNodes();
  const groundNode = nodes.find((n) => n.getName() === 'ground');
  const ground = new GroundIndex(groundNode ? trianglesOf(groundNode, () => true) : []);
  return (x, z) => ground.heightAt(x, z);
}

async function readDocument(glb: Uint8Array) {
  await MeshoptDecoder.ready;
  return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'meshopt.decoder': MeshoptDecoder }).readBinary(glb);
}

/** Reads a GLB's ground, roofs and walls and measures roof area under the ground and gaps under walls. */
export async function measureSeating(glb: Uint8Array): Promise<SeatingMeasure> {
  const nodes = (await readDocument(glb)).getRoot().listNodes();
  const groundNode = nodes.find((n) => n.getName() === 'ground');
  const groundTris = groundNode ? trianglesOf(groundNode, () => true) : [];
  const ground = new GroundIndex(groundTris);
  const roofUnder: SeatingMeasure['roofUnder'] = [];
  let worstWallGap = 0;
  let worstWallGapAt: string | undefined;
  const buildings = nodes.filter((n) => /^(way|relation)\//.test(n.getName()));
  for (const node of buildings) {
    const extras = node.getExtras() as { minHeight?: number; type?: string };
    const roof = trianglesOf(node, (surface) => surface === 'roof');
    let area = 0;
    let under = 0;
    for (const t of roof) {
      for (const [p, w] of samples(t)) {
        const g = ground.heightAt(p[0], p[2]);
        area += w;
        if (g !== undefined && p[1] < g - UNDER_TOLERANCE_M) under += w;
      }
    }
    roofUnder.push({ name: node.getName(), share: area > 0 ? under / area : 0 });
    if (extras.minHeight === 0 && extras.type !== 'roof') {
      const gap = wallGap(trianglesOf(node, (surface) => surface === 'walls'), ground);
      if (gap > worstWallGap) {
        worstWallGap = gap;
        worstWallGapAt = node.getName();
      }
    }
  }
  let groundReach = 0;
  for (const t of groundTris) for (const v of t) groundReach = Math.max(groundReach, Math.hypot(v[0], v[2]));
  return { buildings: buildings.length, roofUnder, buriedOver5: roofUnder.filter((r) => r.share > 0.05).length, worstWallGap, ...(worstWallGapAt ? { worstWallGapAt } : {}), groundTriangles: groundTris.length, groundReach };
}

/** A node's triangles in the model frame, from the primitives whose `surface` extra passes `keep`. */
function trianglesOf(node: Node, keep: (surface: string | undefined) => boolean): Vec3[][] {
  const m = node.getWorldMatrix();
  const out: Vec3[][] = [];
  for (const p of node.getMesh()?.listPrimitives() ?? []) {
    if (!keep((p.getExtras() as { surface?: string }).surface)) continue;
    const position = p.getAttribute('POSITION')!;
    const vertex = (i: number): Vec3 => {
      const [x, y, z] = position.getElement(i, [0, 0, 0]);
      return [m[0] * x + m[4] * y + m[8] * z + m[12], m[1] * x + m[5] * y + m[9] * z + m[13], m[2] * x + m[6] * y + m[10] * z + m[14]];
    };
    const indices = p.getIndices();
    const count = indices ? indices.getCount() : position.getCount();
    for (let i = 0; i + 2 < count; i += 3) out.push([0, 1, 2].map((k) => vertex(indices ? indices.getScalar(i + k) : i + k)));
  }
  return out;
}

/** Points spread over a triangle about every 0.5 m, each with the area it stands for. */
function* samples([a, b, c]: Vec3[]): Generator<[Vec3, number]> {
  const cross = [(b[1] - a[1]) * (c[2] - a[2]) - (b[2] - a[2]) * (c[1] - a[1]), (b[2] - a[2]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[2] - a[2]), (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])];
  const area = Math.hypot(cross[0], cross[1], cross[2]) / 2;
  const longest = Math.max(dist(a, b), dist(b, c), dist(c, a));
  const n = Math.min(40, Math.max(1, Math.ceil(longest / 0.5)));
  // n² sub-triangles of equal area: sample the centroid of each.
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n - i; j++) {
      for (const [u, v] of [[i + 1 / 3, j + 1 / 3], ...(j < n - i - 1 ? [[i + 2 / 3, j + 2 / 3]] : [])]) {
        const s = u / n;
        const t = v / n;
        yield [[a[0] + s * (b[0] - a[0]) + t * (c[0] - a[0]), a[1] + s * (b[1] - a[1]) + t * (c[1] - a[1]), a[2] + s * (b[2] - a[2]) + t * (c[2] - a[2])], area / (n * n)];
      }
    }
  }
}

/**
 * The largest gap under the bottom edges of a building's walls: the horizontal wall edges whose ends are
 * each the lowest wall point at their place (not a gable's eaves line), sampled every 0.25 m.
 */
function wallGap(walls: Vec3[][], ground: GroundIndex): number {
  const lowest = new Map<string, number>();
  const key = (v: Vec3) => `${Math.round(v[0] * 20)},${Math.round(v[2] * 20)}`;
  for (const t of walls) for (const v of t) lowest.set(key(v), Math.min(lowest.get(key(v)) ?? Infinity, v[1]));
  let worst = 0;
  for (const t of walls) {
    for (let e = 0; e < 3; e++) {
      const p = t[e];
      const q = t[(e + 1) % 3];
      if (Math.abs(p[1] - q[1]) > 0.02 || p[1] > lowest.get(key(p))! + 0.02 || q[1] > lowest.get(key(q))! + 0.02) continue;
      const n = Math.max(1, Math.ceil(dist(p, q) / 0.25));
      for (let k = 0; k <= n; k++) {
        const x = p[0] + ((q[0] - p[0]) * k) / n;
        const z = p[2] + ((q[2] - p[2]) * k) / n;
        const g = ground.heightAt(x, z);
        if (g !== undefined) worst = Math.max(worst, p[1] + ((q[1] - p[1]) * k) / n - g);
      }
    }
  }
  return worst;
}

function dist(a: Vec3, b: Vec3): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** The ground mesh's height at a point, found through a grid of buckets. */
class GroundIndex {
  readonly #tris: Vec3[][];
  readonly #buckets = new Map<string, number[]>();
  readonly #size: number;

  constructor(tris: Vec3[][]) {
    this.#tris = tris;
    let span = 1;
    for (const t of tris) for (const v of t) span = Math.max(span, Math.abs(v[0]), Math.abs(v[2]));
    this.#size = Math.max(2, (2 * span) / Math.max(1, Math.sqrt(tris.length)));
    tris.forEach((t, index) => {
      const xs = t.map((v) => Math.floor(v[0] / this.#size));
      const zs = t.map((v) => Math.floor(v[2] / this.#size));
      for (let i = Math.min(...xs); i <= Math.max(...xs); i++) {
        for (let j = Math.min(...zs); j <= Math.max(...zs); j++) {
          const k = `${i},${j}`;
          const list = this.#buckets.get(k) ?? [];
          list.push(index);
          this.#buckets.set(k, list);
        }
      }
    });
  }

  heightAt(x: number, z: number): number | undefined {
    let best: number | undefined;
    for (const index of this.#buckets.get(`${Math.floor(x / this.#size)},${Math.floor(z / this.#size)}`) ?? []) {
      const [a, b, c] = this.#tris[index];
      const det = (b[2] - c[2]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[2] - c[2]);
      if (Math.abs(det) < 1e-12) continue;
      const wa = ((b[2] - c[2]) * (x - c[0]) + (c[0] - b[0]) * (z - c[2])) / det;
      const wb = ((c[2] - a[2]) * (x - c[0]) + (a[0] - c[0]) * (z - c[2])) / det;
      const wc = 1 - wa - wb;
      if (wa < -1e-6 || wb < -1e-6 || wc < -1e-6) continue;
      const y = wa * a[1] + wb * b[1] + wc * c[1];
      // Where triangles overlap (a seam), the higher one hides what is below.
      best = best === undefined ? y : Math.max(best, y);
    }
    return best;
  }
}
