import type { UsageKind, UsageRepository } from '../db/usage-repository.ts';

type UsageEvent = { accountId: number; apiKeyId: number; modelId: string; kind: UsageKind };

/** How long non-billable events wait before they are written together. */
const WRITE_BEHIND_MS = 100;

/**
 * Writes non-billable usage (cache hits) in batches, so that the hot path of cache hits makes no
 * database round trip of its own. Billable generations are never batched: they are written in the
 * transaction that queues them.
 */
export class BatchedUsageWriter {
  readonly #usage: UsageRepository;
  readonly #onError: (error: Error) => void;
  #pending: UsageEvent[] = [];
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();

  constructor(usage: UsageRepository, onError: (error: Error) => void) {
    this.#usage = usage;
    this.#onError = onError;
  }

  add(event: UsageEvent): void {
    this.#pending.push(event);
    this.#timer ??= setTimeout(() => void this.flush(), WRITE_BEHIND_MS);
  }

  /** Writes what is waiting (also called on shutdown). */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending;
    this.#pending = [];
    this.#writing = this.#writing.then(() => this.#usage.recordMany(batch)).catch(this.#onError);
    await this.#writing;
  }
}
