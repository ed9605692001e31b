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
  return changedExtent(a, b, threshold).count / (a.width * a.height);
}

/** A box of pixels (inclusive), and how many pixels it was drawn around. */
export interface PixelExtent {
  count: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The box around every pixel (x, y, its byte offset) that `counts`, and how many there are. */
function extentOf(width: number, height: number, channels: number, counts: (offset: number) => boolean): PixelExtent {
  const extent = { count: 0, left: Infinity, right: -Infinity, top: Infinity, bottom: -Infinity };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!counts((y * width + x) * channels)) continue;
      extent.count++;
      extent.left = Math.min(extent.left, x);
      extent.right = Math.max(extent.right, x);
      extent.top = Math.min(extent.top, y);
      extent.bottom = Math.max(extent.bottom, y);
    }
  }
  return extent;
}

/** The box (pixels) around every pixel that differs by more than `threshold` in a channel between two images of one size, and how many there are. */
export function changedExtent(a: Pixels, b: Pixels, threshold = 24): PixelExtent {
  if (a.width !== b.width || a.height !== b.height) throw new Error('images differ in size');
  const differs = (o: number, k: number) => Math.abs(a.data[o + k] - b.data[o + k]) > threshold;
  return extentOf(a.width, a.height, a.channels, (o) => differs(o, 0) || differs(o, 1) || differs(o, 2));
}

/** The box (pixels) around every pixel within `tolerance` of `rgb` in each channel, and how many there are. */
export function colourExtent(image: Pixels, rgb: [number, number, number], tolerance = 40): PixelExtent {
  return extentOf(image.width, image.height, image.channels, (o) => rgb.every((value, k) => Math.abs(image.data[o + k] - value) <= tolerance));
}
