import { MeshBuilder } from './mesh-builder.ts';
import type { TerrainSurface } from '../terrain/terrain-surface.ts';

/**
 * The ground mesh: the terrain surface's triangles as drawn. The surface reaches a little beyond the
 * circle so shadows at the edge land on something.
 */
export function groundMesh(surface: TerrainSurface): MeshBuilder {
  const mesh = new MeshBuilder();
  for (const [a, b, c] of surface.triangles()) mesh.triangle(a, b, c);
  return mesh;
}
