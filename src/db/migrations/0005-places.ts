import type { Kysely } from 'kysely';

/**
 * Finding places: how many buildings a ready model holds (so an empty one can say so), and the area a
 * partner's embed may search addresses in (countries, a bounding box).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('model_jobs').addColumn('buildings', 'integer').execute();
  await db.schema.alterTable('accounts').addColumn('search_countries', 'text').addColumn('search_bbox', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('model_jobs').dropColumn('buildings').execute();
  await db.schema.alterTable('accounts').dropColumn('search_countries').dropColumn('search_bbox').execute();
}
