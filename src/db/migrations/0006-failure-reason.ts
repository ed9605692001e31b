import type { Kysely } from 'kysely';

/**
 * Why a failed model job failed, in a word a program can act on (`outside_map_data`: another request for
 * the place fails the same way); null for failures a retry may mend.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('model_jobs').addColumn('failure_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('model_jobs').dropColumn('failure_reason').execute();
}
