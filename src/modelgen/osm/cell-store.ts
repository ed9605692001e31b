import fs from 'node:fs';
import path from 'node:path';
import type { MapFeatures } from '../features/map-features.ts';
import type { CellRange } from './cells.ts';

/**
 * The data file: one JSON MapFeatures per cell, one after the other, and the large features (woods,
 * lakes, long roads) once each, which the cells they cross name by their place in the file instead of
 * holding a copy each (`shared`: [offset, length, kind letter]).
 */
const DATA_FILE = 'cells.dat';
/** The table of cells: [key, offset, length] as float64 triples, sorted by key. */
const TABLE_FILE = 'cells.idx';

/** Cell numbers are within ±18,000: shifted by this, they are positive. */
const KEY_OFFSET = 20_000;
/** Keys of one column of cells span this much. */
const KEY_COLUMN = 40_000;

/** One number per cell, ordered by column then row. */
export function cellKey(x: number, y: number): number {
  return (x + KEY_OFFSET) * KEY_COLUMN + (y + KEY_OFFSET);
}

/** The kinds of feature by the letter that names them in shared places. */
export const KIND_LETTERS = { b: 'buildings', t: 'trees', g: 'ground', s: 'solar', a: 'addresses' } as const satisfies Record<string, keyof MapFeatures>;

/** A cell's features as JSON texts by kind, and the shared features it crosses as `[offset,length,"kind letter"]`. */
export type CellContent = Record<keyof MapFeatures | 'shared', string[]>;

/** A cell with nothing filed under it yet. */
export function emptyCellContent(): CellContent {
  return { buildings: [], trees: [], ground: [], solar: [], addresses: [], shared: [] };
}

/** Writes the cells of an index one at a time, then their table. */
export class CellStoreWriter {
  readonly #folder: string;
  readonly #fd: number;
  readonly #entries: number[] = [];
  #offset = 0;

  constructor(folder: string) {
    this.#folder = folder;
    this.#fd = fs.openSync(path.join(folder, DATA_FILE), 'w');
  }

  /** Adds a cell: its features as JSON texts by kind, and the places of the shared features it crosses. */
  add(key: number, kinds: CellContent): void {
    const { offset, length } = this.#write(`{${Object.entries(kinds).map(([kind, texts]) => `"${kind}":[${texts.join(',')}]`).join(',')}}`);
    this.#entries.push(key, offset, length);
  }

  /** Writes a feature that several cells name; returns its place (`offset,length`). */
  share(json: string): string {
    const { offset, length } = this.#write(json);
    return `${offset},${length}`;
  }

  #write(text: string): { offset: number; length: number } {
    const bytes = Buffer.from(text);
    fs.writeSync(this.#fd, bytes, 0, bytes.length, this.#offset);
    this.#offset += bytes.length;
    return { offset: this.#offset - bytes.length, length: bytes.length };
  }

  /** Writes the sorted table; returns the number of cells and the data's size in bytes. */
  close(): { cells: number; bytes: number } {
    fs.closeSync(this.#fd);
    const order = Array.from({ length: this.#entries.length / 3 }, (_, i) => i).sort((a, b) => this.#entries[3 * a] - this.#entries[3 * b]);
    const table = new Float64Array(this.#entries.length);
    order.forEach((from, to) => table.set(this.#entries.slice(3 * from, 3 * from + 3), 3 * to));
    fs.writeFileSync(path.join(this.#folder, TABLE_FILE), table);
    return { cells: order.length, bytes: this.#offset };
  }
}

/** Reads the cells of an index: the table is held in memory, a cell's features are read from disk when asked for. */
export class CellStoreReader {
  readonly #data: string;
  readonly #table: Float64Array;

  constructor(folder: string) {
    this.#data = path.join(folder, DATA_FILE);
    const bytes = fs.readFileSync(path.join(folder, TABLE_FILE));
    this.#table = new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8);
  }

  /** The range of cells that hold anything (undefined for an empty index). */
  extent(): CellRange | undefined {
    if (this.#table.length === 0) return undefined;
    const range: CellRange = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    for (let i = 0; i < this.#table.length; i += 3) {
      const x = Math.floor(this.#table[i] / KEY_COLUMN) - KEY_OFFSET;
      const y = (this.#table[i] % KEY_COLUMN) - KEY_OFFSET;
      range.minX = Math.min(range.minX, x);
      range.maxX = Math.max(range.maxX, x);
      range.minY = Math.min(range.minY, y);
      range.maxY = Math.max(range.maxY, y);
    }
    return range;
  }

  /** The features filed under each cell of the range that has any, shared ones read once. */
  *cells(range: CellRange): Generator<MapFeatures> {
    const fd = fs.openSync(this.#data, 'r');
    const read = (offset: number, length: number) => {
      const bytes = Buffer.allocUnsafe(length);
      fs.readSync(fd, bytes, 0, length, offset);
      return JSON.parse(bytes.toString('utf8')) as unknown;
    };
    const sharedRead = new Set<number>();
    try {
      for (let x = range.minX; x <= range.maxX; x++) {
        for (let y = range.minY; y <= range.maxY; y++) {
          const entry = this.#find(cellKey(x, y));
          if (entry < 0) continue;
          const cell = read(this.#table[entry + 1], this.#table[entry + 2]) as MapFeatures & { shared: [number, number, keyof typeof KIND_LETTERS][] };
          for (const [offset, length, letter] of cell.shared) {
            if (sharedRead.has(offset)) continue;
            sharedRead.add(offset);
            (cell[KIND_LETTERS[letter]] as unknown[]).push(read(offset, length));
          }
          yield cell;
        }
      }
    } finally {
      fs.closeSync(fd);
    }
  }

  /** The table position of a key, or -1. */
  #find(key: number): number {
    let low = 0;
    let high = this.#table.length / 3 - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.#table[3 * middle];
      if (found === key) return 3 * middle;
      if (found < key) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }
}
