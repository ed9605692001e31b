import { NodeIO, type Node, type Primitive } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import { buildingParts, isBatchNode } from './building-parts.ts';

/** A point of the model in the ground plane and up: metres east, north, up (glTF x, −z, y). */
export type Vertex = [east: number, north: number, up: number];
export type Triangle = [Vertex, Vertex, Vertex];

/** One node of a GLB as a user's viewer shows it: name, extras, its triangles in the model frame. */
export interface ModelNode {
  name: string;
  extras: Record<string, unknown>;
  triangles: Triangle[];
  /** The node's primitives with their own extras (a road class, a tree crown's leaf type). */
  primitives: { extras: Record<string, unknown>; triangles: Triangle[] }[];
}

/** Surfaces that ground features are drawn as (node extras `surface`). */
export const GROUND_FEATURE_SURFACES = new Set(['water', 'green', 'road', 'area', 'bridge']);

/**
 * Every node of a GLB with a mesh, with its triangles (quantisation undone through the node's matrix);
 * buildings, drawn in batches, as one node each (named by their id, with their table entry's extras,
 * one primitive per part with its `surface` and, on roofs, the building's `roofSegments`).
 */
export async function readNodes(glb: Uint8Array): Promise<ModelNode[]> {
  await MeshoptDecoder.ready;
  const document = await new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'meshopt.decoder': MeshoptDecoder }).readBinary(glb);
  const nodes = document
    .getRoot()
    .listNodes()
    .filter((node) => node.getMesh() && !isBatchNode(node))
    .map((node) => {
      const primitives = node.getMesh()!.listPrimitives().map((p) => ({ extras: p.getExtras() as Record<string, unknown>, triangles: trianglesOf(node, p) }));
      return { name: node.getName(), extras: node.getExtras() as Record<string, unknown>, triangles: primitives.flatMap((p) => p.triangles), primitives };
    });
  const buildings = buildingParts(glb, document).map((building): ModelNode => {
    const firstRoof = building.parts.find((part) => part.surface === 'roof');
    const primitives = building.parts.map((part) => ({
      extras: { surface: part.surface, ...(part === firstRoof ? { roofSegments: building.roofSegments } : {}) },
      triangles: trianglesOf(part.node, part.primitive, part.first, part.count),
    }));
    return { name: building.name, extras: building.extras, triangles: primitives.flatMap((p) => p.triangles), primitives };
  });
  return [...buildings, ...nodes];
}

/** A primitive's triangles (or those of a run of its vertices) in the model frame. */
function trianglesOf(node: Node, p: Primitive, first = 0, count?: number): Triangle[] {
  const m = node.getWorldMatrix();
  const position = p.getAttribute('POSITION')!;
  const vertex = (i: number): Vertex => {
    const [x, y, z] = position.getElement(i, [0, 0, 0]);
    const wx = m[0] * x + m[4] * y + m[8] * z + m[12];
    const wy = m[1] * x + m[5] * y + m[9] * z + m[13];
    const wz = m[2] * x + m[6] * y + m[10] * z + m[14];
    return [wx, -wz, wy];
  };
  const indices = p.getIndices();
  const end = count === undefined ? (indices ? indices.getCount() : position.getCount()) : first + count;
  const out: Triangle[] = [];
  for (let i = first; i + 2 < end; i += 3) out.push([0, 1, 2].map((k) => vertex(indices ? indices.getScalar(i + k) : i + k)) as Triangle);
  return out;
}

/**
 * The highest of a set of triangles at a ground point: a bucketed lookup, for the rendered ground (a
 * height field) and for the draped layers.
 */
export class HeightLookup {
  readonly #cell: number;
  readonly #buckets = new Map<string, Triangle[]>();

  constructor(triangles: Triangle[], cell = 8) {
    this.#cell = cell;
    for (const t of triangles) {
      const xs = t.map((v) => v[0]);
      const ys = t.map((v) => v[1]);
      for (let i = Math.floor(Math.min(...xs) / cell); i <= Math.floor(Math.max(...xs) / cell); i++) {
        for (let j = Math.floor(Math.min(...ys) / cell); j <= Math.floor(Math.max(...ys) / cell); j++) {
          const key = `${i},${j}`;
          if (!this.#buckets.has(key)) this.#buckets.set(key, []);
          this.#buckets.get(key)!.push(t);
        }
      }
    }
  }

  /** Height of the highest triangle over (x, y), or undefined when none covers it. */
  heightAt(x: number, y: number): number | undefined {
    let best: number | undefined;
    for (const t of this.#buckets.get(`${Math.floor(x / this.#cell)},${Math.floor(y / this.#cell)}`) ?? []) {
      const z = heightIn(t, x, y);
      if (z !== undefined && (best === undefined || z > best)) best = z;
    }
    return best;
  }
}

/** Height of a triangle's plane at (x, y) when the point lies inside it (seen from above). */
function heightIn([a, b, c]: Triangle, x: number, y: number): number | undefined {
  const det = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1]);
  if (Math.abs(det) < 1e-12) return undefined;
  const l1 = ((b[1] - c[1]) * (x - c[0]) + (c[0] - b[0]) * (y - c[1])) / det;
  const l2 = ((c[1] - a[1]) * (x - c[0]) + (a[0] - c[0]) * (y - c[1])) / det;
  const l3 = 1 - l1 - l2;
  const e = -1e-9;
  if (l1 < e || l2 < e || l3 < e) return undefined;
  return l1 * a[2] + l2 * b[2] + l3 * c[2];
}

/**
 * Area of triangles and the part of it under the ground (more than `tolerance` metres below the
 * ground mesh), sampled at points at most about `step` metres apart.
 */
export function hiddenArea(triangles: Triangle[], ground: HeightLookup, tolerance = 0.01, step = 2): { area: number; hidden: number } {
  let area = 0;
  let hidden = 0;
  for (const t of triangles) {
    const a = planArea(t);
    if (a < 1e-6) continue;
    area += a;
    const samples = samplePoints(t, step);
    let under = 0;
    for (const [x, y, z] of samples) {
      const g = ground.heightAt(x, y);
      if (g !== undefined && z < g - tolerance) under += 1;
    }
    hidden += (a * under) / samples.length;
  }
  return { area, hidden };
}

/** Points spread over a triangle (centres of a regular subdivision with sides of about `step`). */
function samplePoints([a, b, c]: Triangle, step: number): Vertex[] {
  const longest = Math.max(dist(a, b), dist(b, c), dist(c, a));
  const n = Math.min(200, Math.max(1, Math.ceil(longest / step)));
  const out: Vertex[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; i + j < n; j++) {
      const [u, v] = [(i + 1 / 3) / n, (j + 1 / 3) / n];
      const w = 1 - u - v;
      out.push([0, 1, 2].map((k) => u * a[k] + v * b[k] + w * c[k]) as Vertex);
    }
  }
  return out;
}

function planArea([a, b, c]: Triangle): number {
  return Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) / 2;
}

function dist(a: Vertex, b: Vertex): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** Points every `step` metres along a polyline in the ground plane. */
export function alongLine(line: [number, number][], step: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < line.length; i++) {
    const [ax, ay] = line[i];
    const [bx, by] = line[i + 1];
    const n = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / step));
    for (let k = 0; k < n; k++) out.push([ax + ((bx - ax) * k) / n, ay + ((by - ay) * k) / n]);
  }
  if (line.length) out.push(line[line.length - 1]);
  return out;
}

/** Plan area of triangles, square metres. */
export function planAreaOf(triangles: Triangle[]): number {
  return triangles.reduce((sum, t) => sum + planArea(t), 0);
}

/** The farthest horizontal distance from the origin of any vertex of the nodes. */
export function farthestVertex(nodes: ModelNode[]): number {
  let far = 0;
  for (const node of nodes) for (const t of node.triangles) for (const [x, y] of t) far = Math.max(far, Math.hypot(x, y));
  return far;
}
