import type { Document, Material, Texture } from '@gltf-transform/core';
import { EXTTextureWebP, KHRMeshQuantization, KHRTextureTransform, type Transform } from '@gltf-transform/extensions';
import { MATERIALS, type MaterialName, type Rgb } from '../materials/surface-materials.ts';
import { TEXTURE_PEAK, webpTexture } from '../materials/texture-encoder.ts';
import type { FacadeLayout, TextureName } from '../materials/texture-names.ts';
import { UV_STEPS } from '../materials/uv-mapping.ts';

/** What a primitive is drawn with: a named material, its colour, and (walls) the facade layout. */
export interface PrimitiveMaterial {
  material: MaterialName;
  colour?: Rgb;
  facade?: FacadeLayout;
}

/**
 * The model's materials: one glTF material per material, colour and facade, sharing one texture per
 * pattern across all buildings. With `textured` false (SD) materials carry only colour, roughness and
 * metalness. Textures are WebP (EXT_texture_webp, which three.js' GLTFLoader reads without decoders).
 */
export class MaterialLibrary {
  readonly #document: Document;
  readonly #textured: boolean;
  readonly #materials = new Map<string, Material>();
  readonly #textures = new Map<string, { texture: Texture; name: TextureName; facade: FacadeLayout }>();
  #uvScale: Transform | undefined;

  constructor(document: Document, textured: boolean) {
    this.#document = document;
    this.#textured = textured;
  }

  /** Whether primitives drawn with this material need texture coordinates. */
  textured(choice: PrimitiveMaterial): boolean {
    return this.#textured && !!MATERIALS[choice.material].texture;
  }

  /** The glTF material for a choice, created on first use. */
  get(choice: PrimitiveMaterial): Material {
    const spec = MATERIALS[choice.material];
    const colour = choice.colour ?? spec.colour;
    const facade = this.textured(choice) ? (choice.facade ?? 'plain') : 'plain';
    const key = `${spec.name}|${facade}|${colour.map((c) => c.toFixed(3)).join(',')}|${this.textured(choice)}`;
    let material = this.#materials.get(key);
    if (material) return material;
    const textured = this.textured(choice);
    // A texture's mean is below white: raise the colour so the surface keeps the mapped tone.
    const factor = textured ? colour.map((c) => Math.min(c * TEXTURE_PEAK * 1.1, 1)) : colour;
    material = this.#document
      .createMaterial(`${spec.name}${facade !== 'plain' ? `+${facade}` : ''} ${hexOf(colour)}`)
      .setBaseColorFactor([...srgbToLinear(factor as Rgb), 1])
      .setRoughnessFactor(spec.roughness)
      .setMetallicFactor(spec.metalness)
      // The tile lets the viewer lay the texture on a building it redraws (a corrected roof) as the generator did.
      .setExtras({ material: spec.name, ...(facade !== 'plain' ? { facade } : {}), ...(textured && spec.tile ? { tile: spec.tile } : {}) });
    if (textured) material.setBaseColorTexture(this.#texture(spec.texture!, facade)).getBaseColorTextureInfo()!.setExtension('KHR_texture_transform', this.#uvTransform());
    this.#materials.set(key, material);
    return material;
  }

  /** Draws and encodes the textures in use; call before writing. */
  async finish(): Promise<void> {
    if (this.#textures.size > 0) this.#document.createExtension(EXTTextureWebP).setRequired(true);
    await Promise.all([...this.#textures.values()].map(async ({ texture, name, facade }) => texture.setImage(await webpTexture(name, facade))));
  }

  /**
   * Texture coordinates are stored as 16-bit integers in 1/UV_STEPS of a repeat (KHR_mesh_quantization;
   * a quarter of the bytes of floats, and they compress); every textured material scales them back.
   */
  #uvTransform(): Transform {
    if (!this.#uvScale) {
      this.#document.createExtension(KHRMeshQuantization).setRequired(true);
      this.#uvScale = this.#document.createExtension(KHRTextureTransform).setRequired(true).createTransform().setScale([1 / UV_STEPS, 1 / UV_STEPS]);
    }
    return this.#uvScale;
  }

  #texture(name: TextureName, facade: FacadeLayout): Texture {
    const key = `${name}:${facade}`;
    let entry = this.#textures.get(key);
    if (!entry) {
      const texture = this.#document.createTexture(key).setMimeType('image/webp').setURI(`${key.replace(':', '-')}.webp`);
      entry = { texture, name, facade };
      this.#textures.set(key, entry);
    }
    return entry.texture;
  }
}

function hexOf(colour: Rgb): string {
  return `#${colour.map((c) => Math.round(Math.min(Math.max(c, 0), 1) * 255).toString(16).padStart(2, '0')).join('')}`;
}

/** glTF base colours are linear; OSM colours are sRGB. */
export function srgbToLinear(colour: Rgb): Rgb {
  return colour.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as Rgb;
}
