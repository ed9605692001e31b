import { BufferAttribute, DataTexture, MeshDepthMaterial, MeshStandardMaterial, type Material, type Mesh } from 'three';

/** A white texel: a surface without a texture samples it, so it shares the textured surfaces' program. */
const WHITE_TEXTURE = new DataTexture(new Uint8Array([255, 255, 255, 255]), 1, 1);
WHITE_TEXTURE.needsUpdate = true;

/**
 * The depth material of every model surface in the sun's shadow map. three.js gives the shadow pass's
 * depth material the surface's texture, for alpha-tested cut-outs, which the model has none of: with it,
 * each textured surface would need a second depth program that samples its texture for nothing. This
 * one keeps no texture.
 */
const SHADOW_DEPTH = new MeshDepthMaterial();
Object.defineProperty(SHADOW_DEPTH, 'map', { get: () => null, set: () => {} });

/**
 * Makes a model mesh draw with the same shader program as every other model surface: a texture (white
 * where it has none) and vertex colours of four components (white where it has none), and a shadow
 * depth program without a texture. A model otherwise needs three surface programs (textured, textured
 * with baked occlusion, plain) and a textured depth program; on a software renderer (SwiftShader, the
 * GPU of a machine without one) each program is compiled on its first draw, which the first frame waits
 * for (bench/viewer-load-ab.ts). White times a colour is that colour: nothing on screen changes.
 */
export function shareSurfaceProgram(mesh: Mesh): void {
  const geometry = mesh.geometry;
  const materials = [mesh.material as Material | Material[]].flat();
  if (!materials.every((m) => m instanceof MeshStandardMaterial)) return;
  for (const material of materials as MeshStandardMaterial[]) {
    material.map ??= WHITE_TEXTURE;
    material.vertexColors = true;
  }
  if (!geometry.attributes.color || geometry.attributes.color.itemSize !== 4) {
    geometry.setAttribute('color', new BufferAttribute(new Uint8Array(geometry.attributes.position.count * 4).fill(255), 4, true));
  }
  if (mesh.castShadow) mesh.customDepthMaterial = SHADOW_DEPTH;
}
