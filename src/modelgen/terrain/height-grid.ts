/**
 * Heights on a square grid of `cells + 1` by `cells + 1` points (`cells` a power of two, as a right
 * triangulated irregular network needs), centred on the model's origin and covering
 * `[-extent, extent]²` in the local frame. Point (i, j) lies at x = -extent + i·cell, y = -extent + j·cell.
 */
export class HeightGrid {
  readonly cells: number;
  readonly extent: number;
  readonly cell: number;
  /** Heights row by row (j major), metres relative to the origin's elevation. */
  readonly heights: Float32Array;

  constructor(cells: number, extent: number) {
    if (!Number.isInteger(Math.log2(cells))) throw new Error(`a height grid needs a power of two cells a side, not ${cells}`);
    this.cells = cells;
    this.extent = extent;
    this.cell = (2 * extent) / cells;
    this.heights = new Float32Array((cells + 1) * (cells + 1));
  }

  /** Points a side. */
  get side(): number {
    return this.cells + 1;
  }

  x(i: number): number {
    return -this.extent + i * this.cell;
  }

  y(j: number): number {
    return -this.extent + j * this.cell;
  }

  /** The grid column or row nearest below a coordinate, clamped to the grid. */
  index(coordinate: number): number {
    return Math.min(this.cells, Math.max(0, Math.floor((coordinate + this.extent) / this.cell)));
  }

  /** Fills the grid from an elevation function. */
  sample(elevation: (x: number, y: number) => number): this {
    const side = this.side;
    for (let j = 0; j < side; j++) {
      const y = this.y(j);
      for (let i = 0; i < side; i++) this.heights[j * side + i] = elevation(this.x(i), y);
    }
    return this;
  }
}

/**
 * The smallest power-of-two number of cells that gives cells of at most `cellM` metres over
 * `2 × extent`, at most `maxCells` (the cells are then larger).
 */
export function gridCells(extent: number, cellM: number, maxCells: number): number {
  let cells = 2;
  while (cells < maxCells && (2 * extent) / cells > cellM) cells *= 2;
  return cells;
}
