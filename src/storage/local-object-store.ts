import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertSafeKey, type ObjectStore } from './object-store.ts';
import { precompressedCopies } from './precompressed.ts';

/** Objects as files under a folder, served by the service itself at `<publicBaseUrl>/files/<key>`. */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local';
  readonly root: string;
  readonly #publicBaseUrl: string;

  constructor(root: string, publicBaseUrl: string) {
    this.root = root;
    this.#publicBaseUrl = publicBaseUrl;
  }

  /** Stores the object, with brotli and gzip copies beside it that the file routes send to browsers that accept them. */
  async put(key: string, body: Uint8Array): Promise<void> {
    assertSafeKey(key);
    const target = path.join(this.root, key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // The compressed copies first: once the object itself is there, its copies are too.
    for (const copy of await precompressedCopies(key, body)) await writeWhole(`${target}${copy.suffix}`, copy.body);
    await writeWhole(target, body);
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    assertSafeKey(key);
    try {
      return new Uint8Array(await fs.readFile(path.join(this.root, key)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  publicUrl(key: string): string {
    return `${this.#publicBaseUrl}/files/${key}`;
  }

  async check(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, fs.constants.W_OK);
  }
}

/** Writes beside and renames, so a reader never sees half a file. */
async function writeWhole(target: string, body: Uint8Array): Promise<void> {
  const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
  await fs.writeFile(temporary, body);
  await fs.rename(temporary, target);
}
