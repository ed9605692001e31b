import { cross, dot, scale, sub, type Vec3 } from '../../../src/solar-design/index.ts';

/** What a heatmap cell lies on; the order is also the order of computation (roofs first). */
export const CELL_KINDS = ['roof', 'wall', 'ground'] as const;
export type CellKind = (typeof CELL_KINDS)[number];
/** A triangle that only casts shadows (water, trees, bridges): no cells on it. */
export const NO_CELLS = 255;

/** Grid step on each kind of surface, metres: roofs finest, facades and the ground coarser. */
export interface CellSpacing {
  roof: number;
  wall: number;
  ground: number;
}

export const DEFAULT_SPACING: CellSpacing = { roof: 2, wall: 4, ground: 8 };
/** At most this many cells of each kind: a larger model gets a coarser grid, so the time stays bounded. */
export const DEFAULT_CELL_BUDGET: Record<CellKind, number> = { roof: 6000, wall: 2000, ground: 2000 };

/** The cells of a heatmap: square patches of surface, each coloured by the irradiation at its centre. */
export interface HeatmapCells {
  count: number;
  /** Centre of each cell, 3 numbers a cell (model frame: +X east, +Y up, +Z south). */
  centres: Float32Array;
  /** Unit normal of the surface under each cell. */
  normals: Float32Array;
  /** Unit in-plane direction of the cell's first side (level where the surface is not level). */
  across: Float32Array;
  /** Side length of each cell, metres. */
  sizes: Float32Array;
  /** Index into {@link CELL_KINDS}. */
  kinds: Uint8Array;
}

/**
 * Lays a square grid over every roof, facade and ground triangle of a scene. Each surface's grid is
 * anchored to the surface's plane axes (a level axis and the one up the slope), so the triangles of one
 * roof face share one grid; a grid point belongs to the triangle it falls in.
 *
 * @param kinds - per triangle, an index into {@link CELL_KINDS} or {@link NO_CELLS}
 */
export function layCells(positions: Float32Array, index: Uint32Array, kinds: Uint8Array, spacing: CellSpacing = DEFAULT_SPACING, budget = DEFAULT_CELL_BUDGET): HeatmapCells {
  const step = fittedSpacing(positions, index, kinds, spacing, budget);
  const out = { centres: [] as number[], normals: [] as number[], across: [] as number[], sizes: [] as number[], kinds: [] as number[] };
  const triangle: Vec3[] = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  // A grid point on the edge two triangles of one plane share is taken once.
  const taken = new Set<string>();
  // Each roof's and facade's plane: its triangles in the plane's axes, and its cells (to fit them in).
  const faces = new Map<string, { plane: Plane; flat: number[]; cells: number[] }>();
  for (let t = 0; t < kinds.length; t++) {
    const kind = kinds[t];
    if (kind === NO_CELLS) continue;
    readTriangle(positions, index, t, triangle);
    const plane = planeOf(triangle, kind);
    if (!plane) continue;
    const s = step[CELL_KINDS[kind]];
    const planeKey = `${kind} ${[...plane.normal, ...plane.u].map((x) => Math.round(x * 500)).join(' ')} ${Math.round(dot(plane.normal, triangle[0]) * 20)}`;
    let face = faces.get(planeKey);
    if (!face && CELL_KINDS[kind] !== 'ground') faces.set(planeKey, (face = { plane, flat: [], cells: [] }));
    face?.flat.push(...triangle.flatMap((p) => [dot(p, plane.u), dot(p, plane.v)]));
    for (const { centre, cell } of gridPointsIn(triangle, plane, s)) {
      const key = `${planeKey} ${cell}`;
      if (taken.has(key)) continue;
      taken.add(key);
      face?.cells.push(out.sizes.length);
      out.centres.push(...centre);
      out.normals.push(...plane.normal);
      out.across.push(...plane.u);
      out.sizes.push(s);
      out.kinds.push(kind);
    }
  }
  for (const face of faces.values()) fitCellsIn(face, out.centres, out.sizes);
  return {
    count: out.sizes.length,
    centres: new Float32Array(out.centres),
    normals: new Float32Array(out.normals),
    across: new Float32Array(out.across),
    sizes: new Float32Array(out.sizes),
    kinds: new Uint8Array(out.kinds),
  };
}

interface Plane {
  normal: Vec3;
  u: Vec3;
  v: Vec3;
}

/** The triangle's plane axes; undefined for slivers and for "walls" that are not upright. */
function planeOf([a, b, c]: Vec3[], kind: number): Plane | undefined {
  let normal = cross(sub(b, a), sub(c, a));
  const area = Math.hypot(...normal);
  if (area < 1e-6) return undefined;
  normal = scale(normal, 1 / area);
  // Roofs and the ground face the sky; a facade faces out of its building (the GLB's winding).
  if (kind !== 1 && normal[1] < 0) normal = scale(normal, -1);
  if (kind === 1 && Math.abs(normal[1]) > 0.5) return undefined;
  // Nearly level faces (under about 2.5°) take the east axis, so flat roofs share one grid orientation.
  const level = Math.hypot(normal[0], normal[2]) < 0.045;
  const u: Vec3 = level ? [1, 0, 0] : scale([normal[2], 0, -normal[0]], 1 / Math.hypot(normal[2], normal[0]));
  return { normal, u, v: cross(normal, u) };
}

/** Grid points (i + ½, j + ½) · step of the plane's axes that fall inside the triangle. */
function* gridPointsIn(triangle: Vec3[], { u, v }: Plane, step: number): Generator<{ centre: Vec3; cell: string }> {
  const a = triangle.map((p) => dot(p, u));
  const b = triangle.map((p) => dot(p, v));
  const [i0, i1] = [Math.ceil(Math.min(...a) / step - 0.5), Math.floor(Math.max(...a) / step - 0.5)];
  const [j0, j1] = [Math.ceil(Math.min(...b) / step - 0.5), Math.floor(Math.max(...b) / step - 0.5)];
  const denominator = (b[1] - b[2]) * (a[0] - a[2]) + (a[2] - a[1]) * (b[0] - b[2]);
  if (Math.abs(denominator) < 1e-9) return;
  for (let i = i0; i <= i1; i++) {
    for (let j = j0; j <= j1; j++) {
      const [x, y] = [(i + 0.5) * step, (j + 0.5) * step];
      const w0 = ((b[1] - b[2]) * (x - a[2]) + (a[2] - a[1]) * (y - b[2])) / denominator;
      const w1 = ((b[2] - b[0]) * (x - a[2]) + (a[0] - a[2]) * (y - b[2])) / denominator;
      const w2 = 1 - w0 - w1;
      if (w0 < 0 || w1 < 0 || w2 < 0) continue;
      yield { centre: [0, 1, 2].map((k) => w0 * triangle[0][k] + w1 * triangle[1][k] + w2 * triangle[2][k]) as Vec3, cell: `${i} ${j}` };
    }
  }
}

/** Shares of its grid step a cell near a face's edge is shrunk to, in turn, until it lies on the face. */
const FIT_SHARES = [1, 0.75, 0.5, 0.3];

/**
 * Shrinks the cells of one roof face or facade that would reach past its edges (a 4 m cell on a 3 m
 * eave hung over the street; a facade's cell stood above its roof) to the largest share of their size
 * whose square lies on the face: all four corners in its triangles. Ground cells are left whole.
 */
function fitCellsIn(face: { plane: Plane; flat: number[]; cells: number[] }, centres: number[], sizes: number[]): void {
  const { u, v } = face.plane;
  for (const cell of face.cells) {
    const centre: Vec3 = [centres[3 * cell], centres[3 * cell + 1], centres[3 * cell + 2]];
    const [cu, cv] = [dot(centre, u), dot(centre, v)];
    const size = sizes[cell];
    const fits = (share: number) => {
      const half = (share * size) / 2;
      return CORNER_SIGNS.every(([a, b]) => inTriangles(face.flat, cu + a * half, cv + b * half));
    };
    sizes[cell] = size * (FIT_SHARES.find(fits) ?? FIT_SHARES.at(-1)!);
  }
}

const CORNER_SIGNS = [[-1, -1], [1, -1], [1, 1], [-1, 1]] as const;

/** Whether a point of a plane (its axes' coordinates) lies in one of its triangles (6 numbers each), a millimetre's leeway. */
function inTriangles(flat: number[], x: number, y: number): boolean {
  for (let t = 0; t < flat.length; t += 6) {
    const [ax, ay, bx, by, cx, cy] = [flat[t], flat[t + 1], flat[t + 2], flat[t + 3], flat[t + 4], flat[t + 5]];
    const d = (by - cy) * (ax - cx) + (cx - bx) * (ay - cy);
    if (Math.abs(d) < 1e-12) continue;
    const w0 = ((by - cy) * (x - cx) + (cx - bx) * (y - cy)) / d;
    const w1 = ((cy - ay) * (x - cx) + (ax - cx) * (y - cy)) / d;
    const leeway = 1e-3 / Math.sqrt(Math.abs(d));
    if (w0 >= -leeway && w1 >= -leeway && 1 - w0 - w1 >= -leeway) return true;
  }
  return false;
}

/** Each kind's step: its preferred spacing, widened where its area would need more cells than its budget. */
function fittedSpacing(positions: Float32Array, index: Uint32Array, kinds: Uint8Array, spacing: CellSpacing, budget: Record<CellKind, number>): CellSpacing {
  const area = [0, 0, 0];
  const triangle: Vec3[] = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  for (let t = 0; t < kinds.length; t++) {
    if (kinds[t] === NO_CELLS) continue;
    readTriangle(positions, index, t, triangle);
    area[kinds[t]] += Math.hypot(...cross(sub(triangle[1], triangle[0]), sub(triangle[2], triangle[0]))) / 2;
  }
  const fit = (kind: CellKind, k: number) => Math.max(spacing[kind], Math.sqrt(area[k] / budget[kind]));
  return { roof: fit('roof', 0), wall: fit('wall', 1), ground: fit('ground', 2) };
}

function readTriangle(positions: Float32Array, index: Uint32Array, t: number, out: Vec3[]): void {
  for (let k = 0; k < 3; k++) {
    const at = index[t * 3 + k] * 3;
    out[k][0] = positions[at];
    out[k][1] = positions[at + 1];
    out[k][2] = positions[at + 2];
  }
}
