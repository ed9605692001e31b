import type { Kysely } from 'kysely';

/**
 * The prices a partner's visitors see first in the Solar Wizard, as JSON (`PartnerPrices`: currency,
 * installed cost per kWp, electricity and export price); null: the service's defaults.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('prices', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('prices').execute();
}
