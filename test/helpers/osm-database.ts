import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

/** The project's osm2pgsql flex style. */
export const OSM_STYLE = path.resolve(import.meta.dirname, '../../osm/solar-partner.lua');

/** A database filled by osm2pgsql with the project's style, dropped by `drop`. */
export interface OsmDatabase {
  url: string;
  /** Seconds osm2pgsql took. */
  importSeconds: number;
  drop(): Promise<void>;
}

/** Why OpenStreetMap cannot be imported into PostGIS on this machine, or undefined when it can. */
export async function osmDatabaseUnavailable(serverUrl: string | undefined): Promise<string | undefined> {
  if (!serverUrl) return 'needs TEST_DATABASE_URL (a PostgreSQL server with PostGIS) to import OpenStreetMap into';
  if (spawnSync('osm2pgsql', ['--version']).error) return 'needs osm2pgsql (Debian package osm2pgsql; .ci/run installs it)';
  const client = new pg.Client({ connectionString: serverUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string }>("select name from pg_available_extensions where name = 'postgis'");
    return rows.length === 0 ? 'needs PostGIS on the PostgreSQL server (Debian package postgresql-15-postgis-3; .ci/run installs it)' : undefined;
  } catch (error) {
    return `needs the PostgreSQL server at TEST_DATABASE_URL: ${(error as Error).message}`;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Creates a fresh database `osm_test_<random>` on the server of `serverUrl`, with PostGIS, and imports
 * the files (none: an empty PostGIS database) with osm2pgsql and the project's style, without the
 * replication tables (`slim` adds them, as docs/operations.md does).
 */
export async function importOsm(serverUrl: string, files: string[], options: { slim?: boolean } = {}): Promise<OsmDatabase> {
  const name = `osm_test_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  try {
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    await db.query('create extension postgis');
    await db.end();
    const started = performance.now();
    if (files.length > 0) {
      const result = spawnSync('osm2pgsql', ['--create', ...(options.slim ? ['--slim'] : []), '--output', 'flex', '--style', OSM_STYLE, '--log-level', 'warn', '-d', url.toString(), ...files], { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`osm2pgsql failed: ${result.stderr || result.error?.message}`);
    }
    return { url: url.toString(), importSeconds: (performance.now() - started) / 1000, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}
