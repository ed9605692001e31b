import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { compose } from '../../src/compose.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { AccountsRepository } from '../../src/db/accounts-repository.ts';
import { ApiKeysRepository } from '../../src/db/api-keys-repository.ts';
import { openDatabase, quoteIdent, type DatabaseHandle } from '../../src/db/database.ts';
import { ModelJobsRepository } from '../../src/db/model-jobs-repository.ts';
import type { Plan } from '../../src/domain/plans.ts';
import type { IrradianceProvider } from '../../src/irradiance/irradiance-provider.ts';
import { PvgisClient } from '../../src/irradiance/pvgis-client.ts';
import { indexExtract } from '../../src/modelgen/index.ts';
import { embeddedTemplate } from './embedded-template.ts';
import type { GenerationWorker } from '../../src/jobs/generation-worker.ts';
import type { JobQueue } from '../../src/jobs/queue.ts';
import { LocalObjectStore } from '../../src/storage/local-object-store.ts';
import type { ObjectStore } from '../../src/storage/object-store.ts';
import type { Services } from '../../src/services/services.ts';

/** Which database the suite runs on: PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const DATABASES: ('pglite' | 'postgres')[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const TEST_GENERATOR = new URL('./test-generator.ts', import.meta.url).href;

/** A controllable clock for rate-limit and expiry tests. */
export class TestClock {
  #now = Date.now();
  now = (): Date => new Date(this.#now);
  advance(ms: number): void {
    this.#now += ms;
  }
}

export interface TestContext {
  kind: 'pglite' | 'postgres';
  config: Config;
  database: DatabaseHandle;
  queue: JobQueue;
  store: ObjectStore;
  app: FastifyInstance;
  clock: TestClock;
  worker: GenerationWorker | undefined;
  dataDir: string;
  jobs: ModelJobsRepository;
  /** The services the app was built with. */
  services: Services;
  /** Creates an account with a working (or, for other plans, non-working) key; returns the key. */
  createKey(plan?: Plan, email?: string): Promise<string>;
  close(): Promise<void>;
}

export interface ContextOptions {
  kind?: 'pglite' | 'postgres';
  env?: Record<string, string>;
  irradiance?: IrradianceProvider;
  /** Start generation workers with the test generator. */
  workers?: number;
  store?: ObjectStore;
  /** Reuse another context's schema (two instances on one PostgreSQL). */
  schema?: string;
  /** Keep the embedded database in this folder instead of memory (restart tests). */
  embeddedDir?: string;
  /** Workers use the product's generator (with the settings' data sources) instead of the test one. */
  realGenerator?: boolean;
  /** Send queued e-mail to this SMTP server (retried after 1 s, doubling). */
  smtpUrl?: string;
  /** Leave the OSM_EXTRACT of `env` unindexed (by default it is indexed first, as an operator does). */
  unindexedExtract?: boolean;
  /** Longest one generation attempt may build (ms). */
  generationTimeLimitMs?: number;
}

/**
 * Builds the real app on a real database: an in-memory PGlite, or a fresh schema on the PostgreSQL at
 * TEST_DATABASE_URL (dropped again on close), with the real queue and a temporary local object store.
 */
export async function createTestContext(options: ContextOptions = {}): Promise<TestContext> {
  const kind = options.kind ?? 'pglite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-test-'));
  if (kind === 'postgres' && !TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: 'https://solar.example.com',
    PVGIS_URL: 'http://127.0.0.1:9',
    TERRAIN_TILES_URL: 'none',
    WORKERS: String(options.workers ?? 0),
    JOB_HEARTBEAT_SECONDS: '10',
    LOG_LEVEL: 'silent',
    ...(kind === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL } : {}),
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  });
  // The operator indexes the extract before starting the service; requests never build the index.
  if (config.osmExtract && !options.unindexedExtract) await indexExtract(config.osmExtract, path.join(dataDir, 'cache'));
  const ownsSchema = kind === 'postgres' && options.schema === undefined;
  const schema = kind === 'postgres' ? (options.schema ?? `test_${randomBytes(6).toString('hex')}`) : 'public';
  const inMemory = kind === 'pglite' && options.embeddedDir === undefined;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: options.embeddedDir ?? 'memory://', schema, ...(inMemory ? { embeddedTemplate: await embeddedTemplate() } : {}) });
  const clock = new TestClock();
  const silent = { info() {}, warn() {}, error() {} };
  const parts = await compose(config, {
    database,
    logger: silent,
    store: options.store ?? new LocalObjectStore(path.join(dataDir, 'objects'), config.publicBaseUrl),
    irradiance: options.irradiance ?? new PvgisClient({ baseUrl: config.pvgisUrl }),
    generatorModule: options.realGenerator ? undefined : TEST_GENERATOR,
    retryDelaySeconds: 1,
    generationTimeLimitMs: options.generationTimeLimitMs,
    emailRetryDelaySeconds: 1,
    // Without a mail server the messages stay queued, where a test can read them.
    sendEmail: options.smtpUrl !== undefined,
    now: clock.now,
  });
  const { queue, store, worker } = parts;
  const jobs = new ModelJobsRepository(database.db);
  const app = await buildApp({ config, services: parts.services, store });
  await app.ready();
  let accounts = 0;
  return {
    kind, config, database, queue, store, app, clock, worker, dataDir, jobs, services: parts.services,
    async createKey(plan = 'business', email = `partner${++accounts}-${randomBytes(3).toString('hex')}@example.com`) {
      const account = await new AccountsRepository(database.db).create(email, plan);
      const { secret } = await new ApiKeysRepository(database.db).create(account!.id, 'test');
      return secret;
    },
    async close() {
      await app.close();
      await parts.close();
      await database.close();
      if (ownsSchema) await dropSchemas(schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function dropSchemas(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${quoteIdent(schema)} cascade; drop schema if exists ${quoteIdent(`${schema}_queue`)} cascade`);
  } finally {
    await client.end();
  }
}

/** Waits until `condition` holds, polling; fails with `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** JSON body of an inject() response. */
export function json<T = Record<string, unknown>>(response: { body: string }): T {
  return JSON.parse(response.body) as T;
}
