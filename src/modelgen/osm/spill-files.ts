import fs from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';

/** Bytes all partitions of one spill buffer at most, before they are appended to their files. */
const SPILL_BUDGET_BYTES = 8 * 1024 * 1024;

/** The buffer of each of `partitions` partitions: 4–64 KB, within the spill's budget. */
function bufferBytes(partitions: number): number {
  return Math.max(4096, Math.min(65_536, Math.floor(SPILL_BUDGET_BYTES / Math.max(1, partitions))));
}

/**
 * Files of fixed-size binary records, one per partition, filled through small buffers: how a large
 * extract is split on disk into pieces that each fit in memory. Files are opened only to append a full
 * buffer, so any number of partitions can be written at once.
 */
export class RecordSpill {
  readonly #folder: string;
  readonly #name: string;
  readonly #recordBytes: number;
  readonly #buffers = new Map<number, { data: Buffer; used: number }>();
  readonly #bufferBytes: number;

  /** `partitions`: how many partitions are expected, to share the buffer budget between them. */
  constructor(folder: string, name: string, recordBytes: number, partitions: number) {
    this.#folder = folder;
    this.#name = name;
    this.#recordBytes = recordBytes;
    this.#bufferBytes = bufferBytes(partitions) - (bufferBytes(partitions) % recordBytes);
  }

  /** A buffer of one record's size to fill, appended to the partition's file. */
  record(partition: number): { data: Buffer; at: number } {
    let buffer = this.#buffers.get(partition);
    if (!buffer) this.#buffers.set(partition, (buffer = { data: Buffer.allocUnsafe(this.#bufferBytes), used: 0 }));
    if (buffer.used === buffer.data.length) {
      fs.appendFileSync(this.file(partition), buffer.data);
      buffer.used = 0;
    }
    const at = buffer.used;
    buffer.used += this.#recordBytes;
    return { data: buffer.data, at };
  }

  /** Writes what is left in the buffers. */
  flush(): void {
    for (const [partition, buffer] of this.#buffers) if (buffer.used > 0) fs.appendFileSync(this.file(partition), buffer.data.subarray(0, buffer.used));
    this.#buffers.clear();
  }

  file(partition: number): string {
    return path.join(this.#folder, `${this.#name}-${partition}.bin`);
  }

  /** The records of a partition's file, read in chunks; deleted afterwards. */
  *read(partition: number): Generator<{ data: Buffer; count: number }> {
    const file = this.file(partition);
    if (!fs.existsSync(file)) return;
    yield* readChunks(file, this.#recordBytes);
    fs.rmSync(file);
  }
}

/** A file's fixed-size records, a few thousand at a time. */
export function* readChunks(file: string, recordBytes: number, start = 0, end?: number): Generator<{ data: Buffer; count: number }> {
  const fd = fs.openSync(file, 'r');
  try {
    const stop = end ?? fs.fstatSync(fd).size;
    const data = Buffer.allocUnsafe(recordBytes * 4096);
    for (let position = start; position < stop; ) {
      const got = fs.readSync(fd, data, 0, Math.min(data.length, stop - position), position);
      if (got === 0) break;
      position += got;
      yield { data, count: Math.floor(got / recordBytes) };
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** Lines of text, one file per partition, buffered like RecordSpill. */
export class LineSpill {
  readonly #folder: string;
  readonly #name: string;
  readonly #buffers = new Map<number, string[]>();
  readonly #sizes = new Map<number, number>();
  readonly #bufferBytes: number;

  /** `partitions`: how many partitions are expected, to share the buffer budget between them. */
  constructor(folder: string, name: string, partitions: number) {
    this.#folder = folder;
    this.#name = name;
    this.#bufferBytes = bufferBytes(partitions);
  }

  write(partition: number, line: string): void {
    let lines = this.#buffers.get(partition);
    if (!lines) this.#buffers.set(partition, (lines = []));
    lines.push(line);
    const size = (this.#sizes.get(partition) ?? 0) + line.length;
    if (size < this.#bufferBytes) this.#sizes.set(partition, size);
    else this.#write(partition);
  }

  flush(): void {
    for (const partition of [...this.#buffers.keys()]) this.#write(partition);
  }

  file(partition: number): string {
    return path.join(this.#folder, `${this.#name}-${partition}.txt`);
  }

  /** The lines of a partition's file (read whole: partitions are sized to fit in memory); deleted afterwards. */
  take(partition: number): string[] {
    const file = this.file(partition);
    if (!fs.existsSync(file)) return [];
    const text = fs.readFileSync(file, 'utf8');
    fs.rmSync(file);
    return text.split('\n').filter(Boolean);
  }

  #write(partition: number): void {
    const lines = this.#buffers.get(partition);
    if (lines?.length) fs.appendFileSync(this.file(partition), `${lines.join('\n')}\n`);
    this.#buffers.delete(partition);
    this.#sizes.delete(partition);
  }
}

/** Reads a text file line by line in order, a chunk at a time. */
export class LineReader {
  readonly #fd: number;
  readonly #chunk = Buffer.allocUnsafe(1024 * 1024);
  readonly #decoder = new StringDecoder('utf8');
  #position = 0;
  #lines: string[] = [];
  #index = 0;
  #rest = '';
  #ended = false;

  constructor(file: string) {
    this.#fd = fs.openSync(file, 'r');
  }

  /** The next line, or undefined at the end. */
  next(): string | undefined {
    while (this.#index >= this.#lines.length) {
      if (this.#ended) return undefined;
      const got = fs.readSync(this.#fd, this.#chunk, 0, this.#chunk.length, this.#position);
      this.#position += got;
      if (got === 0) {
        this.#ended = true;
        this.#lines = this.#rest ? [this.#rest] : [];
        this.#rest = '';
      } else {
        const parts = (this.#rest + this.#decoder.write(this.#chunk.subarray(0, got))).split('\n');
        this.#rest = parts.pop()!;
        this.#lines = parts;
      }
      this.#index = 0;
    }
    return this.#lines[this.#index++];
  }

  close(): void {
    fs.closeSync(this.#fd);
  }
}
