import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationResultSet } from 'kysely/migration';
import type { Database } from './schema.ts';
import * as initial from './migrations/0001-initial.ts';
import * as irradianceCache from './migrations/0002-irradiance-cache.ts';
import * as accountsPortal from './migrations/0003-accounts-portal.ts';
import * as pregeneration from './migrations/0004-pregeneration.ts';
import * as places from './migrations/0005-places.ts';
import * as failureReason from './migrations/0006-failure-reason.ts';
import * as partnerPrices from './migrations/0007-partner-prices.ts';

/** Every migration, in order. Listed here rather than read from disk so that bundlers and tests see them. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-irradiance-cache': irradianceCache,
  '0003-accounts-portal': accountsPortal,
  '0004-pregeneration': pregeneration,
  '0005-places': places,
  '0006-failure-reason': failureReason,
  '0007-partner-prices': partnerPrices,
};

/**
 * Brings the schema to the latest migration. On PostgreSQL, Kysely's migrator takes a lock, so several
 * instances starting together migrate once.
 *
 * @returns the names of the migrations that ran now
 * @throws the first migration error, with the migration's name
 */
export async function migrateToLatest(db: Kysely<Database>, schema: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    provider: { getMigrations: async () => MIGRATIONS },
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${(result.error as Error).message ?? result.error}`);
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
