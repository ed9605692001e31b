import { sql, type Kysely } from 'kysely';

/** Cached irradiance answers (PVGIS), keyed by rounded location and orientation. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('irradiance_cache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('annual_gti', 'double precision', (c) => c.notNull())
    .addColumn('monthly_gti', sql`double precision[]`, (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('irradiance_cache').ifExists().execute();
}
