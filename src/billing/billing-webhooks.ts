import type { Kysely } from 'kysely';
import type { AccountsRepository } from '../db/accounts-repository.ts';
import type { Database } from '../db/schema.ts';
import type { PlanChange } from './stripe-billing.ts';

/** What applying an event did. */
export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown-account';

/**
 * Applies verified billing events exactly once: the event id is recorded in the same transaction as
 * the plan change, so a webhook Stripe sends again changes nothing.
 */
export async function applyPlanChange(db: Kysely<Database>, accounts: AccountsRepository, change: PlanChange): Promise<WebhookOutcome> {
  return db.transaction().execute(async (trx) => {
    const first = await trx.insertInto('billing_events').values({ id: change.eventId, type: change.eventType }).onConflict((c) => c.column('id').doNothing()).returning('id').executeTakeFirst();
    if (!first) return 'duplicate';
    if (change.kind === 'ignored') return 'ignored';
    return (await accounts.setPlanFromBilling(trx, change)) ? 'applied' : 'unknown-account';
  });
}
