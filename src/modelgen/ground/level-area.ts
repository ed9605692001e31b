import type { MeshBuilder } from '../geometry/mesh-builder.ts';
import type { TerrainSurface } from '../terrain/terrain-surface.ts';
import { areaPieces, type Polygon2 } from './area-pieces.ts';
import { clipToBox, clipToCircle } from './convex-clip.ts';
import { drapeConvex, layFlat, wholeUnderLevel, type DrapeOptions } from './drape.ts';

/**
 * Lays a level area (the sea) over the ground: the model's square is split into quarters until each
 * quarter either has no ground above the level under it (laid flat in one go, a few triangles however
 * large) or is `tile` metres wide (cut along the ground's triangles, and kept where the ground is
 * below the level). So open water costs little and only the coast is cut finely.
 */
export function layLevelArea(mesh: MeshBuilder, polygon: Polygon2, surface: TerrainSurface, radius: number, tile: number, options: DrapeOptions & { level: number }): void {
  const split = (minX: number, minY: number, size: number): void => {
    const [maxX, maxY] = [minX + size, minY + size];
    const outer = clipToBox(polygon.outer, minX, minY, maxX, maxY);
    if (outer.length < 3) return;
    const holes = polygon.holes.map((hole) => clipToBox(hole, minX, minY, maxX, maxY)).filter((hole) => hole.length >= 3);
    const square: [number, number][] = [[minX, minY], [maxX, minY], [maxX, maxY], [minX, maxY]];
    const open = wholeUnderLevel(surface, clipToCircle(square, radius), options.level);
    if (!open && size > tile) {
      const half = size / 2;
      for (const [x, y] of [[minX, minY], [minX + half, minY], [minX, minY + half], [minX + half, minY + half]]) split(x, y, half);
      return;
    }
    for (const piece of areaPieces({ outer, holes }, radius)) {
      const inside = clipToCircle(piece, radius);
      if (inside.length < 3) continue;
      if (open) layFlat(mesh, inside, options.level, options);
      else drapeConvex(mesh, inside, surface, options);
    }
  };
  split(-radius, -radius, 2 * radius);
}
