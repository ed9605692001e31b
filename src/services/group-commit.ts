/**
 * Writes rows durably before their callers go on, sharing the round trip: rows added while a write is
 * under way wait for it and then go together in the next one, so under load one insert carries many
 * rows and an idle caller waits for just its own. Unlike a write-behind buffer nothing acknowledged
 * can be lost when the process dies.
 */
export class GroupCommit<T> {
  readonly #write: (rows: T[]) => Promise<void>;
  #pending: { row: T; done: PromiseWithResolvers<void> }[] = [];
  #writing: Promise<void> | undefined;

  constructor(write: (rows: T[]) => Promise<void>) {
    this.#write = write;
  }

  /** Resolves once the row is written; rejects with the write's error. */
  add(row: T): Promise<void> {
    const done = Promise.withResolvers<void>();
    this.#pending.push({ row, done });
    this.#writing ??= this.#drain();
    return done.promise;
  }

  /** Waits for every row added so far to be written (shutdown). */
  async flush(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  async #drain(): Promise<void> {
    // Let the requests that arrived in the same turn join the first batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.#pending.length > 0) {
      const batch = this.#pending;
      this.#pending = [];
      try {
        await this.#write(batch.map((entry) => entry.row));
        for (const entry of batch) entry.done.resolve();
      } catch (error) {
        for (const entry of batch) entry.done.reject(error);
      }
    }
    this.#writing = undefined;
  }
}
