import { BufferAttribute, BufferGeometry, Color, Mesh, MeshBasicMaterial, type Scene } from 'three';
import type { HeatmapCells } from './heatmap-cells.ts';
import { heatColour } from './colour-scale.ts';

/** Cells not computed yet are drawn in this grey, so the visitor sees the heatmap filling in. */
const PENDING = new Color(0x9ca3af);
/** Each cell is drawn a little smaller than its grid step, so the grid reads as cells. */
const FILL = 0.94;
/** Raised off the surface, against z-fighting with the roof under it. */
const LIFT = 0.06;

/** One material for every heatmap, so its shader is compiled once (ahead of the workers, see {@link warmUpHeatmap}). */
const MATERIAL = new MeshBasicMaterial({ vertexColors: true, side: 2, fog: false, toneMapped: false, polygonOffset: true, polygonOffsetFactor: -2, polygonOffsetUnits: -2 });

/**
 * Draws one tiny heatmap cell in the next frame, so the heatmap's shader is compiled before the workers
 * take the cores: compiled later, on a busy machine, its first frame blocks the page for seconds
 * (WebGL in software waits for the compile).
 */
export function warmUpHeatmap(scene: Scene, requestFrame: (after: () => void) => void): void {
  const probe = new HeatmapLayer({ count: 1, centres: new Float32Array(3), normals: new Float32Array([0, 1, 0]), across: new Float32Array([1, 0, 0]), sizes: new Float32Array([1e-3]), kinds: new Uint8Array(1) });
  probe.mesh.frustumCulled = false;
  probe.addTo(scene);
  requestFrame(() => probe.dispose());
}

/**
 * The heatmap drawn over the model: one quad a cell, lying on its surface, coloured by a value on the
 * scale `low`–`high`. One mesh, one unlit material (the colours are the figures; light would change them).
 */
export class HeatmapLayer {
  readonly mesh: Mesh;
  readonly #colours: BufferAttribute;
  readonly #colour = new Color();

  constructor(cells: HeatmapCells) {
    const positions = new Float32Array(cells.count * 12);
    const index = new Uint32Array(cells.count * 6);
    for (let i = 0; i < cells.count; i++) {
      const c = cells.centres.subarray(3 * i, 3 * i + 3);
      const n = cells.normals.subarray(3 * i, 3 * i + 3);
      const u = cells.across.subarray(3 * i, 3 * i + 3);
      const v = [n[1] * u[2] - n[2] * u[1], n[2] * u[0] - n[0] * u[2], n[0] * u[1] - n[1] * u[0]];
      const half = (cells.sizes[i] * FILL) / 2;
      [[-1, -1], [1, -1], [1, 1], [-1, 1]].forEach(([a, b], corner) => {
        for (let k = 0; k < 3; k++) positions[i * 12 + corner * 3 + k] = c[k] + n[k] * LIFT + (a * u[k] + b * v[k]) * half;
      });
      index.set([4 * i, 4 * i + 2, 4 * i + 1, 4 * i, 4 * i + 3, 4 * i + 2], 6 * i);
    }
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(positions, 3));
    this.#colours = new BufferAttribute(new Float32Array(cells.count * 12), 3);
    geometry.setAttribute('color', this.#colours);
    geometry.setIndex(new BufferAttribute(index, 1));
    geometry.computeBoundingSphere();
    this.mesh = new Mesh(geometry, MATERIAL);
    this.mesh.name = 'sunlight heatmap';
    this.mesh.renderOrder = 2;
  }

  /** Colours every cell by `valueOf(cell)` on the scale `low`–`high`; NaN (not computed yet) is grey. */
  paint(valueOf: (cell: number) => number, low: number, high: number): void {
    const colours = this.#colours.array as Float32Array;
    const count = colours.length / 12;
    for (let i = 0; i < count; i++) {
      const value = valueOf(i);
      const colour = Number.isNaN(value) ? PENDING : heatColour((value - low) / (high - low), this.#colour);
      for (let corner = 0; corner < 4; corner++) colours.set([colour.r, colour.g, colour.b], i * 12 + corner * 3);
    }
    this.#colours.needsUpdate = true;
  }

  addTo(scene: Scene): void {
    scene.add(this.mesh);
  }

  dispose(): void {
    this.mesh.removeFromParent();
    this.mesh.geometry.dispose();
  }
}
