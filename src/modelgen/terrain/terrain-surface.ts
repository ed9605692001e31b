import type { Point2 } from '../geometry/local-frame.ts';
import type { Point3 } from '../geometry/mesh-builder.ts';

/** An axis-aligned box in the model's ground plane, metres. */
export interface Box2 {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * The ground as the model draws it: a triangle mesh in the local frame (metres east, north, up, relative
 * to the origin's elevation). Everything that stands or lies on the ground (buildings, roads, areas,
 * trees) is placed against this surface, not against the raw elevation data, so that nothing is hidden
 * under the drawn ground or floats above it.
 */
export interface TerrainSurface {
  /** Height of the drawn ground at a point; outside the mesh, the nearest edge's height. */
  heightAt(x: number, y: number): number;
  /** The mesh's triangles overlapping a box (each counter-clockwise seen from above), for draping. */
  trianglesIn(box: Box2): Iterable<readonly [Point3, Point3, Point3]>;
  /** Every triangle of the mesh (counter-clockwise seen from above). */
  triangles(): Iterable<readonly [Point3, Point3, Point3]>;
}

/**
 * A regular grid of squares split into two triangles each, covering `[-extent, extent]²` with cells of
 * about `step` metres, following `elevation`. The simplest surface; adaptive meshes implement the same
 * interface.
 */
export function gridTerrainSurface(extent: number, step: number, elevation: (x: number, y: number) => number): TerrainSurface {
  const cells = Math.max(2, Math.ceil((2 * extent) / step));
  const size = (2 * extent) / cells;
  const heights = new Float64Array((cells + 1) * (cells + 1));
  for (let j = 0; j <= cells; j++) for (let i = 0; i <= cells; i++) heights[j * (cells + 1) + i] = elevation(-extent + i * size, -extent + j * size);
  const vertex = (i: number, j: number): Point3 => [-extent + i * size, -extent + j * size, heights[j * (cells + 1) + i]];
  const cellTriangles = (i: number, j: number): [readonly [Point3, Point3, Point3], readonly [Point3, Point3, Point3]] => {
    const a = vertex(i, j), b = vertex(i + 1, j), c = vertex(i + 1, j + 1), d = vertex(i, j + 1);
    return [[a, b, c], [a, c, d]];
  };
  const clampCell = (value: number) => Math.min(cells - 1, Math.max(0, Math.floor((value + extent) / size)));
  function* trianglesIn(box: Box2): Iterable<readonly [Point3, Point3, Point3]> {
    for (let j = clampCell(box.minY); j <= clampCell(box.maxY); j++) for (let i = clampCell(box.minX); i <= clampCell(box.maxX); i++) yield* cellTriangles(i, j);
  }
  return {
    heightAt(x: number, y: number): number {
      const i = clampCell(x);
      const j = clampCell(y);
      const u = Math.min(1, Math.max(0, (x + extent) / size - i));
      const v = Math.min(1, Math.max(0, (y + extent) / size - j));
      const h = (di: number, dj: number) => heights[(j + dj) * (cells + 1) + i + di];
      // The cell is split along its a–c diagonal: below it (u ≥ v) the triangle a, b, c; above, a, c, d.
      return u >= v ? h(0, 0) + u * (h(1, 0) - h(0, 0)) + v * (h(1, 1) - h(1, 0)) : h(0, 0) + v * (h(0, 1) - h(0, 0)) + u * (h(1, 1) - h(0, 1));
    },
    trianglesIn,
    triangles: () => trianglesIn({ minX: -extent, minY: -extent, maxX: extent, maxY: extent }),
  };
}

/** Re-exported for implementers: a point in the ground plane. */
export type { Point2 };
