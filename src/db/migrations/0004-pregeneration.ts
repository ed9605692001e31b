import type { Kysely } from 'kysely';

/**
 * Pre-generation runs and their places: a run is an area, a spacing and a quality; its places are the
 * grid's model centres with the name of the nearest town, and whether each was handed to the model
 * service yet. Everything a restarted `pregenerate` needs to go on where it stopped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pregeneration_runs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('area_key', 'text', (c) => c.notNull().unique())
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('quality', 'text', (c) => c.notNull())
    .addColumn('radius_km', 'double precision', (c) => c.notNull())
    .addColumn('spacing_km', 'double precision', (c) => c.notNull())
    .addColumn('place_count', 'integer', (c) => c.notNull())
    .addColumn('planned_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('pregeneration_places')
    .addColumn('run_id', 'integer', (c) => c.notNull().references('pregeneration_runs.id').onDelete('cascade'))
    .addColumn('model_id', 'text', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('town', 'text')
    .addColumn('town_key', 'text')
    .addColumn('town_latitude', 'double precision')
    .addColumn('town_longitude', 'double precision')
    .addColumn('country', 'text')
    .addColumn('queued_at', 'timestamptz')
    .addColumn('outcome', 'text')
    .addPrimaryKeyConstraint('pregeneration_places_pk', ['run_id', 'model_id'])
    .execute();
  await db.schema.createIndex('pregeneration_places_model').on('pregeneration_places').column('model_id').execute();
  await db.schema.createIndex('pregeneration_places_town').on('pregeneration_places').columns(['country', 'town_key']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pregeneration_places').execute();
  await db.schema.dropTable('pregeneration_runs').execute();
}
