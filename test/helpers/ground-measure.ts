import { HeightLookup, readNodes, type ModelNode, type Triangle, type Vertex } from './ground-features-measure.ts';

/** How buildings sit on the drawn ground of a GLB, measured as a viewer shows it (model frame: metres east, north, up). */
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
  const ground = groundLookup((await readNodes(glb)).find((n) => n.name === 'ground')?.triangles ?? []);
  return (x, z) => ground.heightAt(x, -z);
}

/** A height lookup over the ground mesh, its buckets sized to the mesh (large triangles on flat land, small ones on slopes). */
function groundLookup(triangles: Triangle[]): HeightLookup {
  let span = 1;
  for (const t of triangles) for (const v of t) span = Math.max(span, Math.abs(v[0]), Math.abs(v[1]));
  return new HeightLookup(triangles, Math.max(2, (2 * span) / Math.max(1, Math.sqrt(triangles.length))));
}

/** A node's triangles from the primitives whose `surface` extra passes `keep`. */
function trianglesOf(node: ModelNode, keep: (surface: string | undefined) => boolean): Triangle[] {
  return node.primitives.filter((p) => keep((p.extras as { surface?: string }).surface)).flatMap((p) => p.triangles);
}

/** Reads a GLB's ground, roofs and walls and measures roof area under the ground and gaps under walls. */
export async function measureSeating(glb: Uint8Array): Promise<SeatingMeasure> {
  const nodes = await readNodes(glb);
  const groundTris = nodes.find((n) => n.name === 'ground')?.triangles ?? [];
  const ground = groundLookup(groundTris);
  const roofUnder: SeatingMeasure['roofUnder'] = [];
  let worstWallGap = 0;
  let worstWallGapAt: string | undefined;
  const buildings = nodes.filter((n) => /^(way|relation)\//.test(n.name));
  for (const node of buildings) {
    const extras = node.extras as { minHeight?: number; type?: string };
    const roof = trianglesOf(node, (surface) => surface === 'roof');
    let area = 0;
    let under = 0;
    for (const t of roof) {
      for (const [p, w] of samples(t)) {
        const g = ground.heightAt(p[0], p[1]);
        area += w;
        if (g !== undefined && p[2] < g - UNDER_TOLERANCE_M) under += w;
      }
    }
    roofUnder.push({ name: node.name, share: area > 0 ? under / area : 0 });
    if (extras.minHeight === 0 && extras.type !== 'roof') {
      const gap = wallGap(trianglesOf(node, (surface) => surface === 'walls'), ground);
      if (gap > worstWallGap) {
        worstWallGap = gap;
        worstWallGapAt = node.name;
      }
    }
  }
  let groundReach = 0;
  for (const t of groundTris) for (const v of t) groundReach = Math.max(groundReach, Math.hypot(v[0], v[1]));
  return { buildings: buildings.length, roofUnder, buriedOver5: roofUnder.filter((r) => r.share > 0.05).length, worstWallGap, ...(worstWallGapAt ? { worstWallGapAt } : {}), groundTriangles: groundTris.length, groundReach };
}

/** Points spread over a triangle about every 0.5 m, each with the area it stands for. */
function* samples([a, b, c]: Triangle): Generator<[Vertex, number]> {
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
function wallGap(walls: Triangle[], ground: HeightLookup): number {
  const lowest = new Map<string, number>();
  const key = (v: Vertex) => `${Math.round(v[0] * 20)},${Math.round(v[1] * 20)}`;
  for (const t of walls) for (const v of t) lowest.set(key(v), Math.min(lowest.get(key(v)) ?? Infinity, v[2]));
  let worst = 0;
  for (const t of walls) {
    for (let e = 0; e < 3; e++) {
      const p = t[e];
      const q = t[(e + 1) % 3];
      if (Math.abs(p[2] - q[2]) > 0.02 || p[2] > lowest.get(key(p))! + 0.02 || q[2] > lowest.get(key(q))! + 0.02) continue;
      const n = Math.max(1, Math.ceil(dist(p, q) / 0.25));
      for (let k = 0; k <= n; k++) {
        const x = p[0] + ((q[0] - p[0]) * k) / n;
        const y = p[1] + ((q[1] - p[1]) * k) / n;
        const g = ground.heightAt(x, y);
        if (g !== undefined) worst = Math.max(worst, p[2] + ((q[2] - p[2]) * k) / n - g);
      }
    }
  }
  return worst;
}

function dist(a: Vertex, b: Vertex): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}
