import type { Point2 } from './local-frame.ts';

/**
 * How far each point of a square is from the nearest of some lines: a raster of `cells` × `cells` over
 * [-extent, extent]², each cell holding the Euclidean distance from its centre to the nearest cell the
 * lines pass through (exact on the raster: Felzenszwalb and Huttenlocher's transform, one pass along the
 * rows and one along the columns). Read between cell centres bilinearly, so a surface built on it has
 * no steps; outside the square, the nearest cell on its edge answers. Without lines in the square, every
 * point is infinitely far.
 */
export function distanceField(lines: readonly Point2[][], extent: number, cells: number): (x: number, y: number) => number {
  const cell = (2 * extent) / cells;
  const squared = new Float64Array(cells * cells).fill(Infinity);
  for (const line of lines) for (let i = 0; i + 1 < line.length; i++) markSegment(squared, line[i], line[i + 1], extent, cell, cells);
  // Lines that miss the square leave every cell infinitely far (and the bilinear read would make NaN of it).
  if (!squared.includes(0)) return () => Infinity;
  transformRows(squared, cells);
  const distance = squared.map(Math.sqrt);
  return (x, y) => {
    const u = (x + extent) / cell - 0.5;
    const v = (y + extent) / cell - 0.5;
    const c0 = Math.min(cells - 1, Math.max(0, Math.floor(u)));
    const r0 = Math.min(cells - 1, Math.max(0, Math.floor(v)));
    const c1 = Math.min(cells - 1, c0 + 1);
    const r1 = Math.min(cells - 1, r0 + 1);
    const fu = Math.min(1, Math.max(0, u - c0));
    const fv = Math.min(1, Math.max(0, v - r0));
    const top = distance[r0 * cells + c0] * (1 - fu) + distance[r0 * cells + c1] * fu;
    const bottom = distance[r1 * cells + c0] * (1 - fu) + distance[r1 * cells + c1] * fu;
    return (top * (1 - fv) + bottom * fv) * cell;
  };
}

/** Sets to 0 the cells a segment passes through, walking it in steps under half a cell. */
function markSegment(squared: Float64Array, a: Point2, b: Point2, extent: number, cell: number, cells: number): void {
  const steps = Math.max(1, Math.ceil((2 * Math.hypot(b[0] - a[0], b[1] - a[1])) / cell));
  for (let k = 0; k <= steps; k++) {
    const column = Math.floor((a[0] + ((b[0] - a[0]) * k) / steps + extent) / cell);
    const row = Math.floor((a[1] + ((b[1] - a[1]) * k) / steps + extent) / cell);
    if (column >= 0 && row >= 0 && column < cells && row < cells) squared[row * cells + column] = 0;
  }
}

/** The squared distance transform of the raster in place, in cells: along each row, then each column. */
function transformRows(squared: Float64Array, cells: number): void {
  const line = new Float64Array(cells);
  const out = new Float64Array(cells);
  const scratch = { parabolas: new Int32Array(cells), bounds: new Float64Array(cells + 1) };
  for (let row = 0; row < cells; row++) {
    for (let c = 0; c < cells; c++) line[c] = squared[row * cells + c];
    lowerEnvelope(line, out, scratch);
    for (let c = 0; c < cells; c++) squared[row * cells + c] = out[c];
  }
  for (let column = 0; column < cells; column++) {
    for (let r = 0; r < cells; r++) line[r] = squared[r * cells + column];
    lowerEnvelope(line, out, scratch);
    for (let r = 0; r < cells; r++) squared[r * cells + column] = out[r];
  }
}

/**
 * One dimension of the transform: out[q] = min over p of (q − p)² + f[p], as the lower envelope of the
 * parabolas rooted at the finite values of f.
 */
function lowerEnvelope(f: Float64Array, out: Float64Array, scratch: { parabolas: Int32Array; bounds: Float64Array }): void {
  const { parabolas, bounds } = scratch;
  const n = f.length;
  let k = -1;
  for (let q = 0; q < n; q++) {
    if (f[q] === Infinity) continue;
    let s = -Infinity;
    while (k >= 0) {
      const p = parabolas[k];
      s = (f[q] + q * q - (f[p] + p * p)) / (2 * (q - p));
      if (s > bounds[k]) break;
      k--;
    }
    k++;
    parabolas[k] = q;
    bounds[k] = k === 0 ? -Infinity : s;
    bounds[k + 1] = Infinity;
  }
  if (k < 0) {
    out.fill(Infinity);
    return;
  }
  for (let q = 0, j = 0; q < n; q++) {
    while (bounds[j + 1] < q) j++;
    const p = parabolas[j];
    out[q] = (q - p) * (q - p) + f[p];
  }
}
