import type { Point3 } from '../geometry/mesh-builder.ts';
import { CIRCLE_SIDES } from './clip-to-circle.ts';
import type { GroundOutline } from './ground-outline.ts';
import type { HeightGrid } from './height-grid.ts';
import type { Box2, TerrainSurface } from './terrain-surface.ts';

/** How closely the mesh follows its height grid. */
export interface RtinOptions {
  /** Largest vertical error allowed within `nearM` of the origin, metres; beyond, it grows in proportion to the distance. */
  maxError: number;
  nearM?: number;
  /** Grid points (1) where `fineError` applies instead, such as under and around buildings. */
  fine?: Uint8Array;
  fineError?: number;
  /** Longest triangle leg allowed, metres, so the mesh can be cut close to the circle. */
  maxLegM: number;
  /**
   * Shortest triangle leg away from `fine` points, metres: a step in the data (the sea held at sea level
   * at the coast) is then drawn as a slope this wide rather than refined cell by cell along its length.
   */
  minLegM?: number;
  /** The ground's outline: triangles wholly outside it are left out of the mesh, those across it cut. */
  outline: GroundOutline;
}

/** The mesh as shared vertices and triangles (counter-clockwise seen from above). */
export interface IndexedTerrain {
  /** x, y, z per vertex, local frame. */
  positions: Float64Array;
  indices: Uint32Array;
}

type Tri = [number, number, number, number, number, number];

/**
 * A right-triangulated irregular network (RTIN) over a height grid: the grid's square is split in two
 * right triangles, and each triangle in two at the middle of its long side, as long as the grid point
 * there is farther from the triangle's plane than the error bound allows. Flat land stays a few large
 * triangles; relief and the edges of building pads get small ones. Neighbours always split the shared
 * side together (each grid point's error includes those of the points that depend on it), so the mesh
 * has no cracks.
 *
 * Written here rather than taken from @mapbox/martini because the bound varies by place (finer near
 * buildings) and because martini keeps every possible triangle's coordinates (about 67 MB on a 2049²
 * grid); this walks the same hierarchy without storing it. The hierarchy is also the spatial index:
 * `heightAt` and `trianglesIn` descend it, visiting only triangles over the point or box.
 */
export class RtinSurface implements TerrainSurface {
  readonly grid: HeightGrid;
  readonly #errors: Float32Array;
  readonly #outline: GroundOutline;

  constructor(grid: HeightGrid, options: RtinOptions) {
    this.grid = grid;
    this.#outline = options.outline;
    this.#errors = computeErrors(grid, options);
  }

  heightAt(x: number, y: number): number {
    const { grid } = this;
    const u = Math.min(grid.cells, Math.max(0, (x + grid.extent) / grid.cell));
    const v = Math.min(grid.cells, Math.max(0, (y + grid.extent) / grid.cell));
    const s = grid.cells;
    let t: Tri = v >= u ? [s, s, 0, 0, 0, s] : [0, 0, s, s, s, 0];
    while (this.#splits(t)) {
      const [first, second] = children(t);
      t = sameSide(first, u, v) ? first : second;
    }
    return this.#interpolate(t, u, v);
  }

  *trianglesIn(box: Box2): Iterable<readonly [Point3, Point3, Point3]> {
    const { grid } = this;
    const toGrid = (c: number) => (c + grid.extent) / grid.cell;
    const b = { minX: toGrid(box.minX), minY: toGrid(box.minY), maxX: toGrid(box.maxX), maxY: toGrid(box.maxY) };
    for (const t of this.#leaves(b)) yield this.#points(t);
  }

  *triangles(): Iterable<readonly [Point3, Point3, Point3]> {
    for (const t of this.#leaves()) yield this.#points(t);
  }

  /**
   * The mesh as drawn, with shared vertices (for smooth normals): the triangles cut to the outline, so
   * the ground ends in a clean round edge (with tabs under buildings that cross it).
   */
  indexed(): IndexedTerrain {
    const ids = new Map<string, number>();
    const positions: number[] = [];
    const indices: number[] = [];
    // Vertices are shared by position to the millimetre: corners made by the cut on a side two
    // triangles share come out the same from both.
    const vertex = (p: Point3) => {
      const key = `${Math.round(p[0] * 1000)},${Math.round(p[1] * 1000)}`;
      let id = ids.get(key);
      if (id === undefined) {
        id = ids.size;
        ids.set(key, id);
        positions.push(p[0], p[1], p[2]);
      }
      return id;
    };
    const inscribed = this.#outline.base * Math.cos(Math.PI / CIRCLE_SIDES);
    for (const t of this.#leaves()) {
      const points = this.#points(t);
      const pieces = points.every((p) => Math.hypot(p[0], p[1]) <= inscribed) ? [points] : this.#outline.clip([...points]);
      for (const piece of pieces) for (let k = 1; k + 1 < piece.length; k++) indices.push(vertex(piece[0]), vertex(piece[k]), vertex(piece[k + 1]));
    }
    return { positions: Float64Array.from(positions), indices: Uint32Array.from(indices) };
  }

  /** Number of triangles in the (clipped) mesh. */
  get triangleCount(): number {
    let count = 0;
    for (const _ of this.#leaves()) count += 1;
    return count;
  }

  #splits([ax, ay, bx, by, cx, cy]: Tri): boolean {
    return Math.abs(ax - cx) + Math.abs(ay - cy) > 1 && this.#errors[((ay + by) / 2) * this.grid.side + (ax + bx) / 2] > 1;
  }

  /** Leaf triangles, counter-clockwise, overlapping a box in grid units (all when none), meeting the outline. */
  *#leaves(box?: Box2): Generator<Tri> {
    const s = this.grid.cells;
    const stack: Tri[] = [[s, s, 0, 0, 0, s], [0, 0, s, s, s, 0]];
    while (stack.length > 0) {
      const t = stack.pop()!;
      if (box && !overlaps(t, box)) continue;
      if (this.#splits(t)) stack.push(...children(t));
      else if (this.#withinClip(t)) yield counterClockwise(t);
    }
  }

  #withinClip(t: Tri): boolean {
    const [ax, ay, bx, by, cx, cy] = t;
    const { grid } = this;
    const r = this.#outline.base / grid.cell;
    const o = grid.extent / grid.cell; // the origin in grid units
    if (Math.max(Math.hypot(ax - o, ay - o), Math.hypot(bx - o, by - o), Math.hypot(cx - o, cy - o)) <= r) return true;
    const distance = triangleDistance(ax - o, ay - o, bx - o, by - o, cx - o, cy - o);
    if (this.#outline.isCircle || distance > this.#outline.maxRadius / grid.cell) return distance <= r;
    return distance <= r || this.#outline.clip([...this.#points(counterClockwise(t))]).length > 0;
  }

  #points([ax, ay, bx, by, cx, cy]: Tri): readonly [Point3, Point3, Point3] {
    const { grid } = this;
    const p = (i: number, j: number): Point3 => [grid.x(i), grid.y(j), grid.heights[j * grid.side + i]];
    return [p(ax, ay), p(bx, by), p(cx, cy)];
  }

  #interpolate([ax, ay, bx, by, cx, cy]: Tri, u: number, v: number): number {
    const h = this.grid.heights;
    const side = this.grid.side;
    const det = (by - cy) * (ax - cx) + (cx - bx) * (ay - cy);
    const wa = ((by - cy) * (u - cx) + (cx - bx) * (v - cy)) / det;
    const wb = ((cy - ay) * (u - cx) + (ax - cx) * (v - cy)) / det;
    return wa * h[ay * side + ax] + wb * h[by * side + bx] + (1 - wa - wb) * h[cy * side + cx];
  }
}

/** The two halves of a triangle (a, b: long side; c: right angle), split at the middle of a–b. */
function children([ax, ay, bx, by, cx, cy]: Tri): [Tri, Tri] {
  const mx = (ax + bx) / 2;
  const my = (ay + by) / 2;
  return [[cx, cy, ax, ay, mx, my], [bx, by, cx, cy, mx, my]];
}

/** Whether grid point (u, v) is in the first child: on the same side of the split line c–m as a. */
function sameSide(first: Tri, u: number, v: number): boolean {
  // first = (c, a, m): the split line runs from its first to its third point; a is its second.
  const [cx, cy, ax, ay, mx, my] = first;
  const side = (px: number, py: number) => (mx - cx) * (py - cy) - (my - cy) * (px - cx);
  return side(u, v) * side(ax, ay) >= 0;
}

function counterClockwise(t: Tri): Tri {
  const [ax, ay, bx, by, cx, cy] = t;
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) > 0 ? t : [ax, ay, cx, cy, bx, by];
}

function overlaps([ax, ay, bx, by, cx, cy]: Tri, box: Box2): boolean {
  return Math.max(ax, bx, cx) >= box.minX && Math.min(ax, bx, cx) <= box.maxX && Math.max(ay, by, cy) >= box.minY && Math.min(ay, by, cy) <= box.maxY;
}

/** Distance from the origin to a triangle (0 when inside). */
function triangleDistance(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const d1 = (bx - ax) * -ay - (by - ay) * -ax;
  const d2 = (cx - bx) * -by - (cy - by) * -bx;
  const d3 = (ax - cx) * -cy - (ay - cy) * -cx;
  if ((d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0)) return 0;
  return Math.min(segmentDistance(ax, ay, bx, by), segmentDistance(bx, by, cx, cy), segmentDistance(cx, cy, ax, ay));
}

function segmentDistance(ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const l = dx * dx + dy * dy;
  const t = l === 0 ? 0 : Math.max(0, Math.min(1, (-ax * dx - ay * dy) / l));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

/**
 * Each grid point's error (its height's distance from the middle of the long side it splits), divided
 * by the bound that applies there and raised to the largest error of the points its two triangles'
 * halves would split, finest level first. A triangle splits when its point's value exceeds 1.
 */
function computeErrors(grid: HeightGrid, options: RtinOptions): Float32Array {
  const { cells, side, heights: h, cell } = grid;
  const errors = new Float32Array(side * side);
  const { fine, fineError, maxError } = options;
  const minLeg = options.minLegM ?? 0;
  // Too short a leg away from buildings: the point never splits (its error counts as none).
  const tooShort = (k: number, leg: number) => leg < minLeg && !(fine && fine[k]);
  const near = (options.nearM ?? Infinity) / cell;
  const centre = cells / 2;
  // One over the bound at grid point k: the fine bound where marked, else the bound for its distance.
  const scaleAt = (k: number) => {
    if (fine && fineError && fine[k]) return 1 / fineError;
    const d = Math.hypot((k % side) - centre, Math.floor(k / side) - centre);
    return 1 / (maxError * Math.max(1, d / near));
  };
  const at = (i: number, j: number) => (i < 0 || j < 0 || i > cells || j > cells ? 0 : errors[j * side + i]);
  for (let s = 1; s <= cells / 2; s *= 2) {
    // Middles of axis-parallel long sides (half-length s): their triangles' halves split at (±s/2, ±s/2).
    const forcedEdge = s * Math.SQRT2 * cell > options.maxLegM;
    for (let j = 0; j <= cells; j += s) {
      for (let i = (j / s) % 2 === 0 ? s : 0; i <= cells; i += 2 * s) {
        const k = j * side + i;
        const horizontal = (j / s) % 2 === 0;
        const ends = horizontal ? h[k - s] + h[k + s] : h[k - s * side] + h[k + s * side];
        let e = forcedEdge ? Infinity : tooShort(k, s * Math.SQRT2 * cell) ? 0 : Math.abs(ends / 2 - h[k]) * scaleAt(k);
        if (s > 1) {
          const q = s / 2;
          e = Math.max(e, at(i - q, j - q), at(i + q, j - q), at(i - q, j + q), at(i + q, j + q));
        }
        errors[k] = e;
      }
    }
    // Centres of squares (half-size s): their triangles' halves split at the squares' side middles.
    const forcedSquare = 2 * s * cell > options.maxLegM;
    for (let j = s; j <= cells; j += 2 * s) {
      for (let i = s; i <= cells; i += 2 * s) {
        const k = j * side + i;
        const main = ((i - s) / (2 * s) + (j - s) / (2 * s)) % 2 === 0;
        const ends = main ? h[k - s - s * side] + h[k + s + s * side] : h[k + s - s * side] + h[k - s + s * side];
        const e = forcedSquare ? Infinity : tooShort(k, 2 * s * cell) ? 0 : Math.abs(ends / 2 - h[k]) * scaleAt(k);
        errors[k] = Math.max(e, at(i - s, j), at(i + s, j), at(i, j - s), at(i, j + s));
      }
    }
  }
  return errors;
}
