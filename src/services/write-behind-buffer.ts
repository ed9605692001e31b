/** How long rows wait before they are written together. */
export const WRITE_BEHIND_MS = 100;

/**
 * Collects rows and writes them in one call a moment later (or on `flush`), so hot paths make no
 * database round trip of their own. Writes run one after another; a failed write is reported, not thrown.
 */
export class WriteBehindBuffer<T> {
  readonly #write: (rows: T[]) => Promise<void>;
  readonly #onError: (error: Error) => void;
  #pending: T[] = [];
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();

  constructor(write: (rows: T[]) => Promise<void>, onError: (error: Error) => void) {
    this.#write = write;
    this.#onError = onError;
  }

  add(row: T): void {
    this.#pending.push(row);
    this.#timer ??= setTimeout(() => void this.flush(), WRITE_BEHIND_MS);
  }

  /** Writes what is waiting (also called on shutdown). */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending;
    this.#pending = [];
    this.#writing = this.#writing.then(() => (batch.length > 0 ? this.#write(batch) : undefined)).catch(this.#onError);
    await this.#writing;
  }
}
