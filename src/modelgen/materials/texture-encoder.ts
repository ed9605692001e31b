import sharp from 'sharp';
import { drawTexture } from './procedural-textures.ts';
import type { FacadeLayout, TextureName } from './texture-names.ts';

/** WebP quality of the textures: patterns survive it, and a model's set stays near 100 KB. */
const WEBP_QUALITY = 78;
const cache = new Map<string, Promise<Uint8Array>>();

/**
 * A texture as WebP bytes (for glTF's EXT_texture_webp), drawn and encoded once per process and shared
 * by every model made after. Values above 1 in the drawing (mortar, sills) are kept by scaling the image
 * so its brightest pixel is white; the material's colour is then the texture's darker tone.
 */
export function webpTexture(name: TextureName, facade: FacadeLayout = 'plain'): Promise<Uint8Array> {
  const key = `${name}:${facade}`;
  let bytes = cache.get(key);
  if (!bytes) {
    bytes = encode(name, facade);
    cache.set(key, bytes);
  }
  return bytes;
}

async function encode(name: TextureName, facade: FacadeLayout): Promise<Uint8Array> {
  const { size, rgb } = drawTexture(name, facade);
  const data = Buffer.alloc(size * size * 3);
  for (let i = 0; i < rgb.length; i++) data[i] = Math.round(Math.min(rgb[i] / TEXTURE_PEAK, 1) * 255);
  const webp = await sharp(data, { raw: { width: size, height: size, channels: 3 } }).webp({ quality: WEBP_QUALITY }).toBuffer();
  return new Uint8Array(webp);
}

/** The drawing's brightest value, stored as white. Base colours are raised by it to keep the tone. */
export const TEXTURE_PEAK = 1.15;
