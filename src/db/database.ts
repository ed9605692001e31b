import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import type { Database } from './schema.ts';
import { migrateToLatest } from './migrate.ts';
import { OwnSchemaDialect } from './own-schema-dialect.ts';

/** The channel on which writes announce what cached rows they changed. */
export const CHANGE_CHANNEL = 'solar_partner_changes';

/** One open database, embedded or server, with what the queue and the caches need from it. */
export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Kysely<Database>;
  /** The schema holding the service's tables (the queue uses `<schema>_queue`). */
  schema: string;
  /** The embedded instance, when `kind` is `pglite`; the queue shares it. */
  pglite: PGlite | undefined;
  /** Subscribes to change notifications from every instance; returns an unsubscribe function. */
  onChange(listener: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; unset opens the embedded database. */
  databaseUrl?: string;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** Schema for the service's tables; tests use one per file on a shared server. */
  schema?: string;
  /** Run migrations on open (serve, worker); the CLI's `migrate` runs them explicitly. */
  migrate?: boolean;
  /**
   * A dump of an embedded database (PGlite `dumpDataDir`) to start an in-memory one from, instead of
   * creating it empty: creating one takes seconds, loading a dump about one (tests start many).
   */
  embeddedTemplate?: Blob;
}

/**
 * Opens the service's database: PGlite in `dataDir/db` (taking the folder's lock) or PostgreSQL at
 * `databaseUrl`, and brings its schema to the latest migration when asked.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const schema = options.schema ?? 'public';
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl, schema)
    : await openPglite(options.dataDir ?? 'memory://', schema, options.embeddedTemplate);
  if (options.migrate !== false) {
    try {
      await migrateToLatest(handle.db, schema);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

async function openPglite(dataDir: string, schema: string, template: Blob | undefined): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  if (template && !inMemory) throw new Error('A template starts only an in-memory embedded database');
  const release = inMemory ? () => {} : lockDataDir(dataDir);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(inMemory ? dataDir : path.join(dataDir, 'db'), template ? { loadDataDir: template } : {});
  } catch (error) {
    release();
    throw error;
  }
  if (schema !== 'public') {
    await pglite.exec(`create schema if not exists ${quoteIdent(schema)}; set search_path to ${quoteIdent(schema)}, public;`);
  }
  const db = new Kysely<Database>({ dialect: new OwnSchemaDialect(new PGliteDialect({ pglite }), schema) });
  return {
    kind: 'pglite',
    db,
    schema,
    pglite,
    onChange: async (listener) => {
      const unsubscribe = await pglite.listen(CHANGE_CHANNEL, listener);
      return async () => unsubscribe();
    },
    close: async () => {
      try {
        await db.destroy();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(databaseUrl: string, schema: string): Promise<DatabaseHandle> {
  const searchPath = schema === 'public' ? 'public' : `${quoteIdent(schema)},public`;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: `-c search_path=${searchPath}` });
  if (schema !== 'public') await pool.query(`create schema if not exists ${quoteIdent(schema)}`);
  const db = new Kysely<Database>({ dialect: new OwnSchemaDialect(new PostgresDialect({ pool }), schema) });
  const listeners: pg.Client[] = [];
  return {
    kind: 'postgres',
    db,
    schema,
    pglite: undefined,
    onChange: async (listener) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      client.on('notification', (message) => listener(message.payload ?? ''));
      client.on('error', () => {});
      await client.query(`listen ${CHANGE_CHANNEL}`);
      listeners.push(client);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end().catch(() => {});
      };
    },
    close: async () => {
      await Promise.all(listeners.map((client) => client.end().catch(() => {})));
      await db.destroy();
    },
  };
}

/**
 * Announces to every instance that cached rows changed (delivered after the surrounding transaction commits).
 *
 * @param topic - what changed, e.g. `keys` or `model:<id>`
 */
export async function announceChange(db: Kysely<Database>, topic: string): Promise<void> {
  await sql`select pg_notify(${CHANGE_CHANNEL}, ${topic})`.execute(db);
}

/** Answers when the database can run a query (health check). */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Quotes an SQL identifier; schema names come from settings and tests, never from requests. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
