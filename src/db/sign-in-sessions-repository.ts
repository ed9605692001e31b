import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** A signed-in browser: the account and the session's anti-forgery token. */
export interface SignInSessionRow {
  accountId: number;
  csrfToken: string;
  expiresAt: Date;
}

/** Sign-in sessions of the portal (browsers), stored by the SHA-256 of the cookie's secret (never the secret). */
export class SignInSessionsRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async insert(idHash: string, session: SignInSessionRow, now: Date): Promise<void> {
    await this.#db.insertInto('browser_sessions').values({ id_hash: idHash, account_id: session.accountId, csrf_token: session.csrfToken, created_at: now, expires_at: session.expiresAt }).execute();
  }

  /** The session, unless unknown or expired at `now`. */
  async find(idHash: string, now: Date): Promise<SignInSessionRow | undefined> {
    const row = await this.#db.selectFrom('browser_sessions').selectAll().where('id_hash', '=', idHash).where('expires_at', '>', now).executeTakeFirst();
    return row && { accountId: row.account_id, csrfToken: row.csrf_token, expiresAt: row.expires_at };
  }

  async delete(idHash: string): Promise<void> {
    await this.#db.deleteFrom('browser_sessions').where('id_hash', '=', idHash).execute();
  }

  /** Deletes sessions that ended before `before`; returns how many. */
  async deleteExpired(before: Date): Promise<number> {
    const result = await this.#db.deleteFrom('browser_sessions').where('expires_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Signs an account out everywhere (after a password reset). */
  async deleteForAccount(trx: Kysely<Database>, accountId: number): Promise<void> {
    await trx.deleteFrom('browser_sessions').where('account_id', '=', accountId).execute();
  }
}
