import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Why a model request was metered: a new generation (billable), a cache hit, a join onto a running job,
 * or a new place a visitor asked for in the partner's embed (not billable).
 */
export type UsageKind = 'generation' | 'cache_hit' | 'in_progress' | 'visitor_place';

/** One metered model request. */
export interface UsageEvent {
  accountId: number;
  apiKeyId: number;
  modelId: string;
  kind: UsageKind;
}

export interface UsageRow {
  month: string;
  keyPrefix: string;
  keyName: string;
  billable: number;
  notBillable: number;
  /** New places visitors asked for in the key's embed (not billable). */
  visitorPlaces: number;
}

/** Metering of model requests per API key and account. */
export class UsageRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async record(db: Kysely<Database>, event: UsageEvent): Promise<void> {
    await db
      .insertInto('usage_events')
      .values({ account_id: event.accountId, api_key_id: event.apiKeyId, model_id: event.modelId, kind: event.kind, billable: event.kind === 'generation' })
      .execute();
  }

  /** Records several events in one statement. */
  async recordMany(events: UsageEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.#db
      .insertInto('usage_events')
      .values(events.map((e) => ({ account_id: e.accountId, api_key_id: e.apiKeyId, model_id: e.modelId, kind: e.kind, billable: e.kind === 'generation' })))
      .execute();
  }

  /**
   * A generation that failed is not billed: the latest billable generation of the model (the request
   * that started the failed job; a join onto it was never billable) is made not billable.
   *
   * @param db - a transaction to write in, when the caller holds one
   */
  async unbillFailedGeneration(modelId: string, db: Kysely<Database> = this.#db): Promise<void> {
    const latest = db
      .selectFrom('usage_events')
      .select('id')
      .where('model_id', '=', modelId)
      .where('kind', '=', 'generation')
      .where('billable', '=', true)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1);
    await db.updateTable('usage_events').set({ billable: false }).where('id', 'in', latest).execute();
  }

  /** Requests per month and key, newest month first. */
  async summary(accountId: number): Promise<UsageRow[]> {
    const rows = await this.#db
      .selectFrom('usage_events')
      .innerJoin('api_keys', 'api_keys.id', 'usage_events.api_key_id')
      .select([
        sql<string>`to_char(usage_events.created_at at time zone 'UTC', 'YYYY-MM')`.as('month'),
        'api_keys.prefix as keyPrefix',
        'api_keys.name as keyName',
        sql<number>`count(*) filter (where usage_events.billable)::int`.as('billable'),
        sql<number>`count(*) filter (where not usage_events.billable and usage_events.kind <> 'visitor_place')::int`.as('notBillable'),
        sql<number>`count(*) filter (where usage_events.kind = 'visitor_place')::int`.as('visitorPlaces'),
      ])
      .where('usage_events.account_id', '=', accountId)
      .groupBy(['month', 'api_keys.prefix', 'api_keys.name'])
      .orderBy('month', 'desc')
      .orderBy('api_keys.prefix')
      .execute();
    return rows;
  }
}
