import type { RateLimitDecision, RateLimitRepository } from '../db/rate-limit-repository.ts';
import { RateLimitedError, type RateLimitState } from '../domain/rate-limited-error.ts';
import { GroupCommit } from './group-commit.ts';

export const HOUR_MS = 60 * 60 * 1000;

/** A limit: how many requests per window in one bucket, and what to say when it is exceeded. */
export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowMs: number;
  message: string;
}

/** Counts requests against sliding windows. */
export interface RateLimiter {
  consume(bucket: string, limit: number, windowMs: number, now: Date): Promise<RateLimitDecision>;
  /** Forgets what was counted in a bucket. */
  clear(bucket: string): Promise<void>;
  /** Writes what is not yet written (called on shutdown). */
  flush(): Promise<void>;
}

/** Every check is one locked database transaction: right for several instances on one PostgreSQL. */
export class DatabaseRateLimiter implements RateLimiter {
  readonly #repository: RateLimitRepository;
  constructor(repository: RateLimitRepository) {
    this.#repository = repository;
  }
  consume(bucket: string, limit: number, windowMs: number, now: Date): Promise<RateLimitDecision> {
    return this.#repository.consume(bucket, limit, windowMs, now);
  }
  clear(bucket: string): Promise<void> {
    return this.#repository.clear(bucket);
  }
  async flush(): Promise<void> {}
}

/**
 * For the embedded database, which exactly one process can open (the folder lock ensures it), so this
 * process sees every request: decisions come from memory (exact under any concurrency), the windows are
 * rebuilt from the database at start, and an admitted request is answered only once its hit is written
 * (group commit: concurrent admissions share one insert), so a kill -9 loses no counted request.
 */
export class SingleOwnerRateLimiter implements RateLimiter {
  readonly #repository: RateLimitRepository;
  readonly #windows = new Map<string, Date[]>();
  readonly #hits: GroupCommit<{ bucket: string; hit_at: Date }>;

  constructor(repository: RateLimitRepository) {
    this.#repository = repository;
    this.#hits = new GroupCommit((rows) => repository.insertHits(rows));
  }

  /**
   * Rebuilds every window from the database in one read: the requests counted in the last `windowMs`
   * (the longest window in use) before this process started.
   */
  async load(windowMs: number, now: Date): Promise<void> {
    for (const { bucket, hit_at } of await this.#repository.allHitsSince(new Date(now.getTime() - windowMs))) {
      const hits = this.#windows.get(bucket);
      if (hits) hits.push(hit_at);
      else this.#windows.set(bucket, [hit_at]);
    }
  }

  async consume(bucket: string, limit: number, windowMs: number, now: Date): Promise<RateLimitDecision> {
    const windowStart = now.getTime() - windowMs;
    let hits = this.#windows.get(bucket);
    if (!hits) {
      hits = [];
      this.#windows.set(bucket, hits);
    }
    while (hits.length > 0 && hits[0].getTime() <= windowStart) hits.shift();
    const allowed = hits.length < limit;
    const oldest = hits[0] ?? now;
    const counted = hits.length;
    if (allowed) hits.push(now);
    if (hits.length === 0) this.#windows.delete(bucket);
    if (allowed) await this.#hits.add({ bucket, hit_at: now });
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - counted - (allowed ? 1 : 0)),
      resetSeconds: Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 1000)),
    };
  }

  async clear(bucket: string): Promise<void> {
    this.#windows.delete(bucket);
    // Hits still on their way to the database are written first, so none lands after the delete.
    await this.#hits.flush();
    await this.#repository.clear(bucket);
  }

  flush(): Promise<void> {
    return this.#hits.flush();
  }
}

/**
 * Counts a request against its sliding window.
 *
 * @returns the limit's state after counting, for the `RateLimit-*` headers
 * @throws RateLimitedError when the window is full (the request is not counted)
 */
export async function consumeRateLimit(limiter: RateLimiter, rule: RateLimitRule, now: Date): Promise<RateLimitState> {
  const decision = await limiter.consume(rule.bucket, rule.limit, rule.windowMs, now);
  const state = { limit: decision.limit, remaining: decision.remaining, resetSeconds: decision.resetSeconds };
  if (!decision.allowed) throw new RateLimitedError(rule.message, state);
  return state;
}
