import { decode } from 'fast-png';

/** An RGBA screenshot decoded from PNG. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray | Uint16Array;
  channels: number;
}

/** Decodes a PNG screenshot. */
export function readPng(png: Buffer): Pixels {
  const image = decode(png);
  return { width: image.width, height: image.height, data: image.data, channels: image.channels };
}

/** How many different colours the image holds, counted in steps of 8 per channel. */
export function distinctColours(image: Pixels): number {
  const seen = new Set<number>();
  for (let i = 0; i < image.width * image.height; i++) {
    const o = i * image.channels;
    seen.add(((image.data[o] >> 3) << 10) | ((image.data[o + 1] >> 3) << 5) | (image.data[o + 2] >> 3));
  }
  return seen.size;
}

/** The share of pixels whose colour differs by more than `threshold` in some channel (same-size images). */
export function changedShare(a: Pixels, b: Pixels, threshold = 24): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('images differ in size');
  let changed = 0;
  const count = a.width * a.height;
  for (let i = 0; i < count; i++) {
    const o = i * a.channels;
    if (Math.abs(a.data[o] - b.data[o]) > threshold || Math.abs(a.data[o + 1] - b.data[o + 1]) > threshold || Math.abs(a.data[o + 2] - b.data[o + 2]) > threshold) changed++;
  }
  return changed / count;
}
