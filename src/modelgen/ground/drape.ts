import type { Point2 } from '../geometry/local-frame.ts';
import type { MeshBuilder, Point3 } from '../geometry/mesh-builder.ts';
import type { TerrainSurface } from '../terrain/terrain-surface.ts';
import { clipToConvex } from './convex-clip.ts';

/** How a draped piece is laid: `lift` metres above the surface (clear of it once positions are quantised). */
export interface DrapeOptions {
  lift: number;
}

/**
 * Lays a convex polygon (counter-clockwise, in the ground plane) on the terrain surface: it is cut
 * along the surface's triangles and each cut piece lies in its triangle's plane, `lift` above it, so
 * it follows the drawn ground exactly (no corner of it under the ground, no span across a ridge or a
 * hollow). Only the surface's interface is used, so any triangulation of the ground works.
 */
export function drapeConvex(mesh: MeshBuilder, piece: Point2[], surface: TerrainSurface, options: DrapeOptions): void {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x, y] of piece) {
    minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const under: (readonly [Point3, Point3, Point3])[] = [];
  for (const triangle of surface.trianglesIn({ minX, minY, maxX, maxY })) {
    const [a, b, c] = triangle;
    if (Math.max(a[0], b[0], c[0]) < minX || Math.min(a[0], b[0], c[0]) > maxX || Math.max(a[1], b[1], c[1]) < minY || Math.min(a[1], b[1], c[1]) > maxY) continue;
    under.push(triangle);
  }
  if (under.length === 0) return;
  // Where the ground under the piece is one plane (flat land, a large triangle), the piece is laid whole.
  const plane = planeOf(...under[0]);
  if (under.every((t) => t.every(([x, y, z]) => Math.abs(plane(x, y) - z) < 0.005))) {
    lay(mesh, piece, plane, options);
    return;
  }
  for (const [a, b, c] of under) {
    const part = clipToConvex(piece, [[a[0], a[1]], [b[0], b[1]], [c[0], c[1]]]);
    if (part.length >= 3) lay(mesh, part, planeOf(a, b, c), options);
  }
}

/** Lays a convex piece on level ground at `height` (no terrain, or the sea): the piece needs no cutting. */
export function layFlat(mesh: MeshBuilder, piece: Point2[], height: number, options: DrapeOptions): void {
  lay(mesh, piece, () => height, options);
}

/** Adds a convex piece lying in a plane, lifted. */
function lay(mesh: MeshBuilder, part: Point2[], height: (x: number, y: number) => number, options: DrapeOptions): void {
  const lifted = part.map(([x, y]): Point3 => [x, y, height(x, y) + options.lift]);
  for (let i = 1; i + 1 < lifted.length; i++) mesh.triangle(lifted[0], lifted[i], lifted[i + 1]);
}

/** The height of the plane through three points, as a function of x and y. */
function planeOf(a: Point3, b: Point3, c: Point3): (x: number, y: number) => number {
  const ux = b[0] - a[0], uy = b[1] - a[1], uz = b[2] - a[2];
  const vx = c[0] - a[0], vy = c[1] - a[1], vz = c[2] - a[2];
  const det = ux * vy - uy * vx;
  if (Math.abs(det) < 1e-12) return () => Math.max(a[2], b[2], c[2]);
  const gx = (uz * vy - vz * uy) / det;
  const gy = (vz * ux - uz * vx) / det;
  return (x, y) => a[2] + gx * (x - a[0]) + gy * (y - a[1]);
}
