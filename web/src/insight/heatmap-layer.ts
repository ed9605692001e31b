import { BufferAttribute, BufferGeometry, Color, Mesh, MeshBasicMaterial, type Scene } from 'three';
import type { HeatmapCells } from './heatmap-cells.ts';
import { heatColour } from './colour-scale.ts';
import { OVER_LAYER } from '../viewer/over-draw.ts';

/** Each cell is drawn a little smaller than its grid step, so the grid reads as cells. */
const FILL = 0.94;
/** Raised off the surface, against z-fighting with the roof under it. */
const LIFT = 0.06;
/** The corners of a cell's quad, in steps of half its size across and along. */
const CORNERS = [[-1, -1], [1, -1], [1, 1], [-1, 1]] as const;

/**
 * Cells drawn over the view at most in one frame: each frame's cost goes with the pixels it draws, and
 * more than this held a software renderer's page over 0.1 s; the rest follow in the next frames.
 */
const CELLS_A_FRAME = 600;

/** One material for every heatmap, so its shader is compiled once (ahead of the workers, see {@link heatmapProbe}). */
const MATERIAL = new MeshBasicMaterial({ vertexColors: true, side: 2, fog: false, toneMapped: false, polygonOffset: true, polygonOffsetFactor: -2, polygonOffsetUnits: -2 });

/**
 * One invisible heatmap cell (a micrometre wide) on the over-draw layer, for the viewer to compile and
 * first draw the heatmap's shader with before the workers take the cores: done later, on a busy
 * machine, the first frame of the heatmap blocks the page (WebGL in software waits for the compile).
 */
export function heatmapProbe(): Mesh {
  const layer = new HeatmapLayer({ count: 1, centres: new Float32Array(3), normals: new Float32Array([0, 1, 0]), across: new Float32Array([1, 0, 0]), sizes: new Float32Array([1e-6]), kinds: new Uint8Array(1) });
  layer.paint(() => 0, 0, 1);
  return layer.changed;
}

/**
 * A mesh drawing a growing list of the cells (their quads' triangles, in the order added), over the
 * vertices and colours of all of them.
 */
class CellMesh {
  readonly mesh: Mesh;
  readonly #index: BufferAttribute;
  /** Per cell, 1 while it is in the list. */
  readonly #listed: Uint8Array;
  #count = 0;
  #uploaded = 0;
  /** The list's cells before this one are drawn already (only for a list drawn in parts, see {@link drawnPart}). */
  #from = 0;
  /** At most this many cells are drawn at a time. */
  readonly #part: number;

  constructor(position: BufferAttribute, colour: BufferAttribute, cells: number, part = Infinity) {
    this.#part = part;
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', position);
    geometry.setAttribute('color', colour);
    // Sixteen-bit indexes while they reach every vertex: half the bytes to send.
    this.#index = new BufferAttribute(cells * 4 <= 0xffff ? new Uint16Array(cells * 6) : new Uint32Array(cells * 6), 1);
    geometry.setIndex(this.#index);
    geometry.setDrawRange(0, 0);
    this.mesh = new Mesh(geometry, MATERIAL);
    this.mesh.renderOrder = 2;
    this.#listed = new Uint8Array(cells);
  }

  /** Cells of the list not drawn yet. */
  get count(): number {
    return this.#count - this.#from;
  }

  has(cell: number): boolean {
    return this.#listed[cell] === 1;
  }

  add(cell: number): void {
    if (this.#listed[cell]) return;
    this.#listed[cell] = 1;
    (this.#index.array as Uint16Array | Uint32Array).set([4 * cell, 4 * cell + 2, 4 * cell + 1, 4 * cell, 4 * cell + 3, 4 * cell + 2], 6 * this.#count++);
  }

  /** Sends the cells added since the last call to the GPU (only those: the list grows at its end). */
  commit(): void {
    if (this.#count === this.#uploaded) return;
    this.#index.clearUpdateRanges();
    this.#index.addUpdateRange(6 * this.#uploaded, 6 * (this.#count - this.#uploaded));
    this.#index.needsUpdate = true;
    this.#uploaded = this.#count;
    this.#setRange();
  }

  /** The part the mesh draws next: from the first cell not drawn, at most `part` cells. */
  #setRange(): void {
    this.mesh.geometry.setDrawRange(6 * this.#from, 6 * Math.min(this.#count - this.#from, this.#part));
  }

  /** The part set by the last commit was drawn; returns how many cells wait still. */
  drawnPart(): number {
    const index = this.#index.array;
    const to = Math.min(this.#count, this.#from + this.#part);
    for (let k = this.#from; k < to; k++) this.#listed[index[6 * k] / 4] = 0;
    this.#from = to;
    if (this.#from === this.#count) this.clear();
    else this.#setRange();
    return this.count;
  }

  /** Every cell of the list not drawn yet, in order. */
  *cells(): Generator<number> {
    const index = this.#index.array;
    for (let k = this.#from; k < this.#count; k++) yield index[6 * k] / 4;
  }

  clear(): void {
    for (const cell of this.cells()) this.#listed[cell] = 0;
    this.#count = 0;
    this.#from = 0;
    this.#uploaded = 0;
    this.mesh.geometry.setDrawRange(0, 0);
  }
}

/**
 * The heatmap drawn over the model: one quad a computed cell, lying on its surface, coloured by a value
 * on the scale `low`–`high` (a cell not computed yet is not drawn: the colours spread over the model as
 * the heatmap fills in). One mesh, one unlit material (the colours are the figures; light would change
 * them).
 *
 * Beside it, on the over-draw layer, a mesh of the cells drawn in a new colour since either was last
 * drawn (same vertices and colours, its own triangles): while the heatmap fills in, the viewer draws
 * only those over the last frame.
 */
export class HeatmapLayer {
  readonly mesh: Mesh;
  /** The cells drawn in a new colour since the heatmap was last drawn. */
  readonly changed: Mesh;
  readonly #shown: CellMesh;
  readonly #changed: CellMesh;
  readonly #colours: BufferAttribute;
  readonly #colour = new Color();
  /** Called when the cells drawn over the view were a part: more wait for the next frame. */
  onMore: (() => void) | undefined;

  constructor(cells: HeatmapCells) {
    const positions = new Float32Array(cells.count * 12);
    const { centres: c, normals: n, across: u } = cells;
    for (let i = 0; i < cells.count; i++) {
      const at = 3 * i;
      // v = n × u: along the cell, in its plane.
      const v = [n[at + 1] * u[at + 2] - n[at + 2] * u[at + 1], n[at + 2] * u[at] - n[at] * u[at + 2], n[at] * u[at + 1] - n[at + 1] * u[at]];
      const half = (cells.sizes[i] * FILL) / 2;
      for (let corner = 0; corner < 4; corner++) {
        const [a, b] = CORNERS[corner];
        for (let k = 0; k < 3; k++) positions[i * 12 + corner * 3 + k] = c[at + k] + n[at + k] * LIFT + (a * u[at + k] + b * v[k]) * half;
      }
    }
    const position = new BufferAttribute(positions, 3);
    // A byte a channel (the screen's own depth): a quarter of the bytes sent again at each repaint.
    this.#colours = new BufferAttribute(new Uint8Array(cells.count * 12), 3, true);
    this.#shown = new CellMesh(position, this.#colours, cells.count);
    this.#changed = new CellMesh(position, this.#colours, cells.count, CELLS_A_FRAME);
    this.mesh = this.#shown.mesh;
    this.mesh.name = 'sunlight heatmap';
    this.mesh.geometry.computeBoundingSphere();
    this.changed = this.#changed.mesh;
    this.changed.name = 'sunlight heatmap, changed cells';
    this.changed.geometry.boundingSphere = this.mesh.geometry.boundingSphere;
    this.changed.layers.set(OVER_LAYER);
    // A whole frame draws the current colours of all; drawn over the view, a part of the changed cells.
    this.mesh.onAfterRender = () => this.#changed.clear();
    this.changed.onAfterRender = () => {
      if (this.#changed.drawnPart() > 0) this.onMore?.();
    };
  }

  /**
   * Colours every computed cell by `valueOf(cell)` on the scale `low`–`high` (NaN: not computed yet,
   * not drawn). Returns how many cells wait to be drawn in a new colour.
   */
  paint(valueOf: (cell: number) => number, low: number, high: number): number {
    const colours = this.#colours.array as Uint8Array;
    const count = colours.length / 12;
    let recoloured = false;
    for (let i = 0; i < count; i++) {
      const value = valueOf(i);
      if (Number.isNaN(value)) continue;
      const colour = heatColour((value - low) / (high - low), this.#colour);
      const [r, g, b] = [Math.round(colour.r * 255), Math.round(colour.g * 255), Math.round(colour.b * 255)];
      if (this.#shown.has(i) && colours[i * 12] === r && colours[i * 12 + 1] === g && colours[i * 12 + 2] === b) continue;
      for (let at = i * 12; at < i * 12 + 12; at += 3) [colours[at], colours[at + 1], colours[at + 2]] = [r, g, b];
      this.#shown.add(i);
      this.#changed.add(i);
      recoloured = true;
    }
    if (recoloured) this.#colours.needsUpdate = true;
    this.#shown.commit();
    this.#changed.commit();
    return this.#changed.count;
  }

  /** Puts the heatmap in `scene`; every cell it shows is to be drawn (the view on screen has none of them yet). */
  addTo(scene: Scene): void {
    scene.add(this.mesh, this.changed);
    for (const cell of this.#shown.cells()) this.#changed.add(cell);
    this.#changed.commit();
  }

  removeFromScene(): void {
    this.mesh.removeFromParent();
    this.changed.removeFromParent();
  }
}
