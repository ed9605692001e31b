import { MeshBuilder } from '../geometry/mesh-builder.ts';
import { splitAtHeight } from './split-at-height.ts';

/** How high above a wall's foot the ground darkens it, metres, and how dark its foot is. */
export const OCCLUSION_HEIGHT_M = 2.5;
const FOOT_SHADE = 0.62;

/**
 * Baked ambient occlusion for walls: the foot of a wall, where the ground hides half the sky, is
 * darker, brightening to full over OCCLUSION_HEIGHT_M. The walls are cut at that height so the
 * gradient is exact with per-vertex colours (no screen-space pass in the viewer, which a phone pays
 * for every frame). Returns the cut mesh and its vertex colours (glTF COLOR_0).
 */
export function occludedWalls(walls: MeshBuilder, bottom: number): { mesh: MeshBuilder; colours: Float32Array<ArrayBuffer> } {
  const { below, above } = splitAtHeight(walls, bottom + OCCLUSION_HEIGHT_M);
  const mesh = new MeshBuilder();
  mesh.positions.push(...below.positions, ...above.positions);
  mesh.normals.push(...below.normals, ...above.normals);
  const colours = new Float32Array(mesh.positions.length);
  for (let i = 0; i < mesh.positions.length; i += 3) {
    const t = Math.min(Math.max((mesh.positions[i + 1] - bottom) / OCCLUSION_HEIGHT_M, 0), 1);
    const shade = FOOT_SHADE + (1 - FOOT_SHADE) * t * (2 - t);
    colours[i] = colours[i + 1] = colours[i + 2] = shade;
  }
  return { mesh, colours };
}
