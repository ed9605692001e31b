import type { MeshBuilder } from '../geometry/mesh-builder.ts';

/** How high above a wall's foot the ground darkens it, metres, and how dark its foot is. */
export const OCCLUSION_HEIGHT_M = 2.5;
const FOOT_SHADE = 0.62;

/**
 * Baked ambient occlusion for walls: the foot of a wall, where the ground hides half the sky, is
 * darker; vertices from OCCLUSION_HEIGHT_M up are at full brightness. The walls are not cut at that
 * height (cutting them costs as much as drawing them), so on a tall wall the shade fades over the
 * height of its lowest triangles. Per-vertex colours (glTF COLOR_0) cost the viewer nothing per frame,
 * unlike a screen-space pass on a phone.
 */
export function wallOcclusion(walls: MeshBuilder, bottom: number): Float32Array<ArrayBuffer> {
  const colours = new Float32Array(walls.positions.length);
  for (let i = 0; i < walls.positions.length; i += 3) {
    const t = Math.min(Math.max((walls.positions[i + 1] - bottom) / OCCLUSION_HEIGHT_M, 0), 1);
    colours[i] = colours[i + 1] = colours[i + 2] = FOOT_SHADE + (1 - FOOT_SHADE) * t;
  }
  return colours;
}
