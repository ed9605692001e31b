import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { TerrainSource } from './terrain-source.ts';

const VOID = -32768;

/**
 * SRTM elevation from `.hgt` or `.hgt.zip` tiles in a folder (named like `N43E007.hgt`): 1-degree
 * squares of big-endian 16-bit heights, 1201 (3″) or 3601 (1″) samples a side, the first row at the
 * northern edge. Heights are interpolated bilinearly; voids are left out of the interpolation.
 */
export class SrtmTerrain implements TerrainSource {
  readonly name: string;
  readonly #folder: string;
  readonly #tiles = new Map<string, { size: number; data: Int16Array } | null>();
  #last?: { lat: number; lon: number; tile: { size: number; data: Int16Array } | undefined };

  constructor(folder: string) {
    this.#folder = folder;
    this.name = `SRTM .hgt tiles in ${path.basename(folder)}`;
  }

  elevation(lon: number, lat: number): number | undefined {
    const tile = this.#tile(Math.floor(lat), Math.floor(lon));
    if (!tile) return undefined;
    const row = (Math.floor(lat) + 1 - lat) * (tile.size - 1);
    const column = (lon - Math.floor(lon)) * (tile.size - 1);
    const r0 = Math.min(tile.size - 2, Math.floor(row));
    const c0 = Math.min(tile.size - 2, Math.floor(column));
    const fr = row - r0;
    const fc = column - c0;
    // The four samples around the point, weighted bilinearly (written out: models read millions).
    const k = r0 * tile.size + c0;
    const d = tile.data;
    let sum = 0;
    let weight = 0;
    const tap = (value: number, w: number) => {
      if (value !== VOID && w > 0) {
        sum += value * w;
        weight += w;
      }
    };
    tap(d[k], (1 - fr) * (1 - fc));
    tap(d[k + 1], (1 - fr) * fc);
    tap(d[k + tile.size], fr * (1 - fc));
    tap(d[k + tile.size + 1], fr * fc);
    return weight > 0 ? sum / weight : undefined;
  }

  resolutionM(lon: number, lat: number): number | undefined {
    const tile = this.#tile(Math.floor(lat), Math.floor(lon));
    return tile ? 111_320 / (tile.size - 1) : undefined;
  }

  #tile(lat: number, lon: number): { size: number; data: Int16Array } | undefined {
    // Models read millions of heights from one tile: skip the name lookup while the tile stays the same.
    if (this.#last && this.#last.lat === lat && this.#last.lon === lon) return this.#last.tile;
    const tile = this.#tileNamed(lat, lon);
    this.#last = { lat, lon, tile };
    return tile;
  }

  #tileNamed(lat: number, lon: number): { size: number; data: Int16Array } | undefined {
    const name = `${lat >= 0 ? 'N' : 'S'}${String(Math.abs(lat)).padStart(2, '0')}${lon >= 0 ? 'E' : 'W'}${String(Math.abs(lon)).padStart(3, '0')}`;
    if (!this.#tiles.has(name)) this.#tiles.set(name, this.#load(name));
    return this.#tiles.get(name) ?? undefined;
  }

  #load(name: string): { size: number; data: Int16Array } | null {
    const plain = path.join(this.#folder, `${name}.hgt`);
    const zipped = `${plain}.zip`;
    let bytes: Buffer | undefined;
    if (fs.existsSync(plain)) bytes = fs.readFileSync(plain);
    else if (fs.existsSync(zipped)) bytes = firstZipEntry(fs.readFileSync(zipped));
    if (!bytes) return null;
    const size = Math.round(Math.sqrt(bytes.length / 2));
    if (size * size * 2 !== bytes.length) throw new Error(`${name}.hgt is not a square grid of 16-bit heights`);
    const data = new Int16Array(size * size);
    for (let i = 0; i < data.length; i++) data[i] = bytes.readInt16BE(i * 2);
    return { size, data };
  }
}

/** The first file of a zip archive (stored or deflated), read through its central directory. */
export function firstZipEntry(zip: Buffer): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip archive');
  const central = zip.readUInt32LE(end + 16);
  const method = zip.readUInt16LE(central + 10);
  const compressedSize = zip.readUInt32LE(central + 20);
  const localHeader = zip.readUInt32LE(central + 42);
  const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
  const data = zip.subarray(dataStart, dataStart + compressedSize);
  if (method === 0) return data;
  if (method === 8) return zlib.inflateRawSync(data);
  throw new Error(`zip compression method ${method} is not supported`);
}
