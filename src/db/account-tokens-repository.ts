import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** What a token is for: a one-time link, or a browser that signed in to the account before. */
export type TokenPurpose = 'verify-email' | 'reset-password' | 'known-browser';

/**
 * One-time links (e-mail verification, password reset) and known browsers' cookies, stored by the
 * SHA-256 of their secret.
 */
export class AccountTokensRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async insert(trx: Kysely<Database>, token: { hash: string; accountId: number; purpose: TokenPurpose; now: Date; expiresAt: Date }): Promise<void> {
    await trx.insertInto('account_tokens').values({ token_hash: token.hash, account_id: token.accountId, purpose: token.purpose, created_at: token.now, expires_at: token.expiresAt }).execute();
  }

  /** Deletes an account's tokens for `purpose` (all known browsers, after a password reset). */
  async deleteForAccount(trx: Kysely<Database>, accountId: number, purpose: TokenPurpose): Promise<void> {
    await trx.deleteFrom('account_tokens').where('account_id', '=', accountId).where('purpose', '=', purpose).execute();
  }

  /** Keeps an account's `keep` newest tokens for `purpose` and deletes the older ones. */
  async keepNewest(accountId: number, purpose: TokenPurpose, keep: number): Promise<void> {
    const newest = this.#db.selectFrom('account_tokens').select('token_hash').where('account_id', '=', accountId).where('purpose', '=', purpose).orderBy('created_at', 'desc').orderBy('token_hash').limit(keep);
    await this.#db.deleteFrom('account_tokens').where('account_id', '=', accountId).where('purpose', '=', purpose).where('token_hash', 'not in', newest).execute();
  }

  /** Deletes tokens that expired before `before` (used or not); returns how many. */
  async deleteExpired(before: Date): Promise<number> {
    const result = await this.#db.deleteFrom('account_tokens').where('expires_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The account of a valid, unused token for `purpose`, without using it up; undefined otherwise. */
  async find(hash: string, purpose: TokenPurpose, now: Date): Promise<number | undefined> {
    const row = await this.#db
      .selectFrom('account_tokens')
      .select('account_id')
      .where('token_hash', '=', hash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row?.account_id;
  }

  /**
   * Uses a token once: marks it used and returns its account, or undefined when it is unknown, for
   * another purpose, expired or already used.
   */
  async consume(trx: Kysely<Database>, hash: string, purpose: TokenPurpose, now: Date): Promise<number | undefined> {
    const row = await trx
      .updateTable('account_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('account_id')
      .executeTakeFirst();
    return row?.account_id;
  }
}
