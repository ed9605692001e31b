import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** The answer of a rate-limit check, with what the `RateLimit-*` headers report. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the oldest counted request leaves the window, i.e. until one more request is allowed. */
  resetSeconds: number;
}

/**
 * A sliding-window limit kept in the database, so it holds across restarts and across every instance on
 * one database. Each allowed request is one row; a check counts the rows of the last window under a
 * transaction-scoped advisory lock on the bucket, so concurrent checks on several instances cannot both
 * take the last slot.
 */
export class RateLimitRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * Counts a request against `bucket` when the window has room.
   *
   * @param bucket - what is limited, e.g. `models:key:12` or `sessions:ip:203.0.113.9`
   */
  async consume(bucket: string, limit: number, windowMs: number, now: Date): Promise<RateLimitDecision> {
    const windowStart = new Date(now.getTime() - windowMs);
    return this.#db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${bucket}))`.execute(trx);
      await trx.deleteFrom('rate_limit_hits').where('bucket', '=', bucket).where('hit_at', '<=', windowStart).execute();
      const hits = await trx
        .selectFrom('rate_limit_hits')
        .select('hit_at')
        .where('bucket', '=', bucket)
        .orderBy('hit_at')
        .limit(limit)
        .execute();
      const allowed = hits.length < limit;
      if (allowed) await trx.insertInto('rate_limit_hits').values({ bucket, hit_at: now }).execute();
      const oldest = hits[0]?.hit_at ?? now;
      const resetMs = oldest.getTime() + windowMs - now.getTime();
      return {
        allowed,
        limit,
        remaining: Math.max(0, limit - hits.length - (allowed ? 1 : 0)),
        resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
      };
    });
  }

  /** Deletes counted requests older than `before` (buckets that are never checked again keep theirs otherwise). */
  async deleteOlderThan(before: Date): Promise<number> {
    const result = await this.#db.deleteFrom('rate_limit_hits').where('hit_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
