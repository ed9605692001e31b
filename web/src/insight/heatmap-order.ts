import type { HeatmapCells } from './heatmap-cells.ts';

/** Where the visitor looks: the camera, its orbit target and its projection × view matrix (column-major). */
export interface ViewPoint {
  camera: [number, number, number];
  target: [number, number, number];
  viewProjection: number[];
}

/**
 * The order in which cells are computed: roofs in view first, then the other roofs, then facades and
 * ground in view, then the rest; within each, nearest to the point looked at first. The visitor sees
 * the roofs in front of them coloured within the first second.
 */
export function cellOrder(cells: HeatmapCells, view: ViewPoint): Uint32Array {
  const rank = new Float64Array(cells.count);
  const m = view.viewProjection;
  for (let i = 0; i < cells.count; i++) {
    const [x, y, z] = [cells.centres[3 * i], cells.centres[3 * i + 1], cells.centres[3 * i + 2]];
    const w = m[3] * x + m[7] * y + m[11] * z + m[15];
    const cx = (m[0] * x + m[4] * y + m[8] * z + m[12]) / w;
    const cy = (m[1] * x + m[5] * y + m[9] * z + m[13]) / w;
    const visible = w > 0 && Math.abs(cx) <= 1 && Math.abs(cy) <= 1;
    const group = cells.kinds[i] === 0 ? (visible ? 0 : 1) : visible ? 2 : 3;
    const distance = Math.hypot(x - view.target[0], y - view.target[1], z - view.target[2]);
    rank[i] = group * 1e7 + Math.min(distance, 1e7 - 1);
  }
  const order = Uint32Array.from({ length: cells.count }, (_, i) => i);
  return order.sort((a, b) => rank[a] - rank[b]);
}
