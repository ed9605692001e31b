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
 * Sliding-window limits kept in the database, so they hold across restarts and across every instance on
 * one database. Each allowed request is one row; one statement counts the rows of the last window and
 * adds the new one when there is room, in a transaction behind an advisory lock on the bucket, so
 * concurrent checks on several instances cannot both take the last slot.
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
    const countAndInsert = async (db: Kysely<Database>) => {
      const result = await sql<{ counted: number; oldest: Date | null }>`
        with counted as (
          select count(*)::int as counted, min(hit_at) as oldest
          from rate_limit_hits where bucket = ${bucket} and hit_at > ${windowStart}
        ), inserted as (
          insert into rate_limit_hits (bucket, hit_at) select ${bucket}, ${now} from counted where counted < ${limit}
        )
        select counted, oldest from counted`.execute(db);
      return result.rows[0];
    };
    const row = await this.#db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${bucket}))`.execute(trx);
      return countAndInsert(trx);
    });
    const allowed = row.counted < limit;
    const resetMs = (row.oldest ?? now).getTime() + windowMs - now.getTime();
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - row.counted - (allowed ? 1 : 0)),
      resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
    };
  }

  /** Every counted request since `since`, oldest first (to rebuild windows in memory). */
  async allHitsSince(since: Date): Promise<{ bucket: string; hit_at: Date }[]> {
    return this.#db.selectFrom('rate_limit_hits').select(['bucket', 'hit_at']).where('hit_at', '>', since).orderBy('hit_at').execute();
  }

  /** Records counted requests in one statement. */
  async insertHits(hits: { bucket: string; hit_at: Date }[]): Promise<void> {
    if (hits.length > 0) await this.#db.insertInto('rate_limit_hits').values(hits).execute();
  }

  /** Forgets every request counted in `bucket` (the account's failed sign-ins once its password is reset). */
  async clear(bucket: string): Promise<void> {
    await this.#db.deleteFrom('rate_limit_hits').where('bucket', '=', bucket).execute();
  }

  /** Deletes counted requests older than `before` (housekeeping; checks only read the last window). */
  async deleteOlderThan(before: Date): Promise<number> {
    const result = await this.#db.deleteFrom('rate_limit_hits').where('hit_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
