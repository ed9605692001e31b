import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertSafeKey, type ObjectStore } from './object-store.ts';

/** Objects as files under a folder, served by the service itself at `<publicBaseUrl>/files/<key>`. */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local';
  readonly root: string;
  readonly #publicBaseUrl: string;

  constructor(root: string, publicBaseUrl: string) {
    this.root = root;
    this.#publicBaseUrl = publicBaseUrl;
  }

  async put(key: string, body: Uint8Array): Promise<void> {
    assertSafeKey(key);
    const target = path.join(this.root, key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write beside and rename, so a reader never sees half a file.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    await fs.writeFile(temporary, body);
    await fs.rename(temporary, target);
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
