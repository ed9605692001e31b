import { sql, type Kysely } from 'kysely';
import { generateApiKey } from '../domain/api-key.ts';
import { announceChange } from './database.ts';
import type { Database } from './schema.ts';

/** What a key check needs to know about a key and its account. */
export interface KeyOwner {
  keyId: number;
  accountId: number;
  plan: string;
  revoked: boolean;
  allowedOrigins: string[];
}

export interface ApiKeySummary {
  id: number;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  allowedOrigins: string[];
}

/** API keys, stored as SHA-256 hashes with a short display prefix. */
export class ApiKeysRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Creates a key for an account; the returned secret is the only copy. */
  async create(accountId: number, name: string): Promise<{ secret: string; summary: ApiKeySummary }> {
    const key = generateApiKey();
    const row = await this.#db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('api_keys')
        .values({ account_id: accountId, name, prefix: key.displayPrefix, key_hash: key.hash })
        .returningAll()
        .executeTakeFirstOrThrow();
      // Instances may remember that this hash was unknown; the notice makes them forget.
      await announceChange(trx, 'keys');
      return inserted;
    });
    return { secret: key.secret, summary: toSummary(row) };
  }

  async list(accountId: number): Promise<ApiKeySummary[]> {
    const rows = await this.#db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
    return rows.map(toSummary);
  }

  /** Finds a key and its account's plan by the key's hash. */
  async findOwnerByHash(hash: string): Promise<KeyOwner | undefined> {
    const row = await this.#db
      .selectFrom('api_keys')
      .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
      .select(['api_keys.id as keyId', 'api_keys.account_id as accountId', 'accounts.plan as plan', 'api_keys.revoked_at as revokedAt', 'api_keys.allowed_origins as allowedOrigins'])
      .where('api_keys.key_hash', '=', hash)
      .executeTakeFirst();
    if (!row) return undefined;
    return { keyId: row.keyId, accountId: row.accountId, plan: row.plan, revoked: row.revokedAt !== null, allowedOrigins: row.allowedOrigins };
  }

  /** Every key's hash and owner (to fill a single-owner cache at start). */
  async allOwners(): Promise<{ hash: string; owner: KeyOwner }[]> {
    const rows = await this.#db
      .selectFrom('api_keys')
      .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
      .select(['api_keys.key_hash as hash', 'api_keys.id as keyId', 'api_keys.account_id as accountId', 'accounts.plan as plan', 'api_keys.revoked_at as revokedAt', 'api_keys.allowed_origins as allowedOrigins'])
      .execute();
    return rows.map((row) => ({ hash: row.hash, owner: { keyId: row.keyId, accountId: row.accountId, plan: row.plan, revoked: row.revokedAt !== null, allowedOrigins: row.allowedOrigins } }));
  }

  /**
   * Revokes keys by their full secret's hash or by display prefix (at least 8 characters after `spk_`).
   *
   * @returns how many keys were revoked now
   */
  async revoke(match: { hash?: string; prefix?: string }): Promise<number> {
    return this.#db.transaction().execute(async (trx) => {
      let query = trx.updateTable('api_keys').set({ revoked_at: new Date() }).where('revoked_at', 'is', null);
      if (match.hash) query = query.where('key_hash', '=', match.hash);
      else if (match.prefix) query = query.where('prefix', '=', match.prefix);
      else return 0;
      const result = await query.executeTakeFirst();
      await announceChange(trx, 'keys');
      return Number(result.numUpdatedRows);
    });
  }

  /** Sets the site origins allowed to frame the embed with this key (empty: any site). */
  async setAllowedOrigins(prefix: string, origins: string[]): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('api_keys').set({ allowed_origins: origins }).where('prefix', '=', prefix).executeTakeFirst();
      await announceChange(trx, 'keys');
      return result.numUpdatedRows > 0n;
    });
  }

  /** Revokes one of an account's keys; false when the account has no such live key. */
  async revokeForAccount(accountId: number, keyId: number, now: Date): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', keyId).where('account_id', '=', accountId).where('revoked_at', 'is', null).executeTakeFirst();
      await announceChange(trx, 'keys');
      return result.numUpdatedRows > 0n;
    });
  }

  /** Sets the allowed site origins of one of an account's keys; false when it has no such key. */
  async setAllowedOriginsForAccount(accountId: number, keyId: number, origins: string[]): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('api_keys').set({ allowed_origins: origins }).where('id', '=', keyId).where('account_id', '=', accountId).executeTakeFirst();
      await announceChange(trx, 'keys');
      return result.numUpdatedRows > 0n;
    });
  }

  /** Sets the "last used" time of several keys in one statement. */
  async touchLastUsed(uses: Map<number, Date>): Promise<void> {
    if (uses.size === 0) return;
    const values = sql.join([...uses].map(([id, at]) => sql`(${id}::int, ${at}::timestamptz)`));
    await sql`update api_keys set last_used_at = used.at from (values ${values}) as used(id, at) where api_keys.id = used.id`.execute(this.#db);
  }
}

function toSummary(row: { id: number; name: string; prefix: string; created_at: Date; last_used_at: Date | null; revoked_at: Date | null; allowed_origins: string[] }): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    allowedOrigins: row.allowed_origins,
  };
}
