/**
 * The model's upward-facing triangles as drawn, looked up from above: whether a point has a drawn
 * surface (a roof) under it, a little below, or another one over it. Used by bench/panel-layouts.ts to
 * find panels over open air or inside a building standing on the roof, whatever the roof faces' own
 * description says.
 */
type V3 = [number, number, number];

/** Cell side of the lookup grid, metres. */
const CELL_M = 2;

export class DrawnSurface {
  readonly #cells = new Map<string, V3[][]>();

  /** Every triangle whose normal points up (more than 17° above the horizon), filed by the cells its box spans. */
  constructor(positions: Float32Array, index: Uint32Array) {
    for (let t = 0; t < index.length; t += 3) {
      const triangle = [0, 1, 2].map((k) => [positions[index[t + k] * 3], positions[index[t + k] * 3 + 1], positions[index[t + k] * 3 + 2]] as V3);
      const [a, b, c] = triangle;
      const ny = (b[2] - a[2]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[2] - a[2]);
      const length = Math.hypot((b[1] - a[1]) * (c[2] - a[2]) - (b[2] - a[2]) * (c[1] - a[1]), ny, (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
      if (!(length > 0) || ny / length < 0.3) continue;
      const xs = triangle.map((p) => p[0]);
      const zs = triangle.map((p) => p[2]);
      for (let i = Math.floor(Math.min(...xs) / CELL_M); i <= Math.floor(Math.max(...xs) / CELL_M); i++) {
        for (let j = Math.floor(Math.min(...zs) / CELL_M); j <= Math.floor(Math.max(...zs) / CELL_M); j++) {
          const key = `${i},${j}`;
          this.#cells.set(key, [...(this.#cells.get(key) ?? []), triangle]);
        }
      }
    }
  }

  /** Whether a drawn upward surface lies under `point`, at most `depth` metres below it (and not above it). */
  under(point: V3, depth: number): boolean {
    return this.#heightsAt(point).some((height) => height <= point[1] + 0.01 && height >= point[1] - depth);
  }

  /** Whether a drawn upward surface (another roof) lies over `point`, more than `clearance` metres above it. */
  over(point: V3, clearance: number): boolean {
    return this.#heightsAt(point).some((height) => height > point[1] + clearance);
  }

  /** Heights of the drawn upward surfaces straight above or below a point. */
  #heightsAt(point: V3): number[] {
    const [x, , z] = point;
    const triangles = this.#cells.get(`${Math.floor(x / CELL_M)},${Math.floor(z / CELL_M)}`) ?? [];
    return triangles.flatMap(([a, b, c]) => {
      const d = (b[2] - c[2]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[2] - c[2]);
      const wa = ((b[2] - c[2]) * (x - c[0]) + (c[0] - b[0]) * (z - c[2])) / d;
      const wb = ((c[2] - a[2]) * (x - c[0]) + (a[0] - c[0]) * (z - c[2])) / d;
      const wc = 1 - wa - wb;
      if (wa < -1e-6 || wb < -1e-6 || wc < -1e-6) return [];
      return [wa * a[1] + wb * b[1] + wc * c[1]];
    });
  }
}
