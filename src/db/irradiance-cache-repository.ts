import type { Kysely } from 'kysely';
import type { IrradianceCacheStore, PlaneIrradiation } from '../irradiance/index.ts';
import type { Database } from './schema.ts';

/** Irradiance answers kept in the database, shared by every instance. */
export class IrradianceCacheRepository implements IrradianceCacheStore {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async get(key: string, notBefore: Date): Promise<{ irradiation: PlaneIrradiation; fetchedAt: Date } | undefined> {
    const row = await this.#db.selectFrom('irradiance_cache').selectAll().where('key', '=', key).where('fetched_at', '>=', notBefore).executeTakeFirst();
    return row && { irradiation: { annualGti: row.annual_gti, monthlyGti: row.monthly_gti, source: row.source }, fetchedAt: row.fetched_at };
  }

  async put(key: string, value: PlaneIrradiation, at: Date): Promise<void> {
    const row = { annual_gti: value.annualGti, monthly_gti: value.monthlyGti, source: value.source, fetched_at: at };
    await this.#db.insertInto('irradiance_cache').values({ key, ...row }).onConflict((c) => c.column('key').doUpdateSet(row)).execute();
  }

  /** Deletes answers fetched before `before` (housekeeping). */
  async deleteOlderThan(before: Date): Promise<number> {
    const result = await this.#db.deleteFrom('irradiance_cache').where('fetched_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
