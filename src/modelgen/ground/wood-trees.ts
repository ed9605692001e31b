import type { Point2 } from '../geometry/local-frame.ts';
import type { CrownShape } from '../geometry/trees.ts';
import type { Polygon2 } from './area-pieces.ts';
import { rowCrossings } from './row-crossings.ts';

/** A tree to plant: where, its tags (mapped trees) and its crown. */
export interface PlantedTree {
  x: number;
  y: number;
  tags: Record<string, string>;
  shape: CrownShape;
}

/** A wood to fill with trees, with its `leaf_type`. */
export interface Wood {
  polygon: Polygon2;
  leafType?: string;
}

/**
 * The trees of a model: the mapped trees and trees planted in woods every `spacing` metres (a little
 * off the grid, so woods do not look planted in rows), inside the circle and outside the woods' holes;
 * the `limit` closest to the centre where `free` allows a tree (not under a building) are kept, so the
 * area a homeowner looks at is full and the edge thins out, whatever order the data came in.
 */
export function plantTrees(mapped: PlantedTree[], woods: Wood[], spacing: number, radius: number, limit: number, free: (x: number, y: number) => boolean = () => true): PlantedTree[] {
  const all = mapped.filter(({ x, y }) => x * x + y * y <= radius * radius);
  for (const wood of woods) {
    for (const [x, y] of gridPointsInside(wood.polygon, spacing, radius)) all.push({ x, y, tags: {}, shape: crownOf(wood.leafType, x, y) });
  }
  all.sort((a, b) => a.x * a.x + a.y * a.y - (b.x * b.x + b.y * b.y));
  const kept: PlantedTree[] = [];
  for (const tree of all) {
    if (kept.length === limit) break;
    if (free(tree.x, tree.y)) kept.push(tree);
  }
  return kept;
}

/** The crown for a `leaf_type`: mixed or unknown woods get either, by a fixed hash of the place. */
export function crownOf(leafType: string | undefined, x: number, y: number): CrownShape {
  if (leafType === 'needleleaved') return 'needleleaved';
  if (leafType === 'broadleaved' || leafType === 'leafless') return 'broadleaved';
  return hash(x, y) < 0.5 ? 'needleleaved' : 'broadleaved';
}

/**
 * Grid points every `spacing` metres inside a polygon (even-odd over all its rings, so holes stay
 * empty) and inside the circle, found row by row from the rings' crossings of each row.
 */
function* gridPointsInside(polygon: Polygon2, spacing: number, radius: number): Generator<Point2> {
  const rings = [polygon.outer, ...polygon.holes];
  let minY = Infinity, maxY = -Infinity;
  for (const [, y] of polygon.outer) [minY, maxY] = [Math.min(minY, y), Math.max(maxY, y)];
  for (let row = Math.ceil(Math.max(minY, -radius) / spacing); row * spacing <= Math.min(maxY, radius); row++) {
    const y = row * spacing;
    const crossings = rowCrossings(rings, y);
    const halfChord = Math.sqrt(Math.max(0, radius * radius - y * y));
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const from = Math.max(crossings[k], -halfChord);
      const to = Math.min(crossings[k + 1], halfChord);
      for (let column = Math.ceil(from / spacing); column * spacing <= to; column++) {
        const jitter = spacing * 0.3;
        const px = column * spacing + (hash(column, row) - 0.5) * jitter;
        const py = y + (hash(row, column) - 0.5) * jitter;
        if (px * px + py * py <= radius * radius) yield [px, py];
      }
    }
  }
}

/** A fixed pseudo-random number in [0, 1) for a pair of numbers. */
function hash(a: number, b: number): number {
  const s = Math.sin(a * 12.9898 + b * 78.233) * 43758.5453;
  return s - Math.floor(s);
}
