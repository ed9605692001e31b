import { Mesh, MeshStandardMaterial, type Object3D } from 'three';
import { shareSurfaceProgram } from './surface-program.ts';

/** Surfaces that lie on the ground: they receive shadows but cast none (no acne on flat ground). */
const GROUND_SURFACES = new Set(['ground', 'water', 'green', 'road', 'sea', 'area', 'areas']);

/**
 * Readies a model's meshes for the view: every mesh receives shadows, all but the ground's cast them,
 * textures are filtered with `anisotropy`, and all surfaces share one shader program.
 */
export function prepareContent(content: Object3D, anisotropy: number): void {
  content.traverse((object) => {
    if (!(object instanceof Mesh)) return;
    object.receiveShadow = true;
    object.castShadow = !isGroundSurface(object);
    // Roofs and streets are seen at grazing angles: anisotropic filtering keeps their texture sharp.
    for (const material of [object.material].flat()) if (material instanceof MeshStandardMaterial && material.map) material.map.anisotropy = anisotropy;
    shareSurfaceProgram(object);
  });
}

/** Frees the GPU memory of a model's geometries and materials. */
export function disposeContent(content: Object3D): void {
  content.traverse((object) => {
    if (object instanceof Mesh) {
      object.geometry.dispose();
      for (const material of [object.material].flat()) material.dispose();
    }
  });
}

/** Whether a mesh lies on the ground (the terrain, the sea, and the layers draped on them), not on a building. */
export function isGroundSurface(mesh: Object3D): boolean {
  return GROUND_SURFACES.has(surfaceOf(mesh) ?? '');
}

/** The `surface` a mesh's node or primitive declares in the GLB extras. */
function surfaceOf(object: Object3D): string | undefined {
  for (let node: Object3D | null = object; node; node = node.parent) {
    const surface = (node.userData as { surface?: string }).surface;
    if (surface) return surface;
  }
  return undefined;
}
