import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Billing events already applied, so that an event sent again changes nothing. */
export class BillingEventsRepository {
  /**
   * Records an event in the caller's transaction.
   *
   * @returns false when the event was recorded before
   */
  async recordFirst(trx: Kysely<Database>, event: { id: string; type: string }): Promise<boolean> {
    const first = await trx.insertInto('billing_events').values({ id: event.id, type: event.type }).onConflict((c) => c.column('id').doNothing()).returning('id').executeTakeFirst();
    return first !== undefined;
  }
}
