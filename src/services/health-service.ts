import type { Kysely } from 'kysely';
import type { HealthBody } from '../contract/health.ts';
import { pingDatabase } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { ObjectStore } from '../storage/object-store.ts';

/** A check that does not answer within this time has failed. */
const CHECK_TIMEOUT_MS = 3000;

/** The service's own health: the database, the job queue and the object store, each answering in time. */
export class HealthService {
  readonly #db: Kysely<Database>;
  readonly #queue: JobQueue;
  readonly #store: ObjectStore;
  readonly #version: string;

  constructor(deps: { db: Kysely<Database>; queue: JobQueue; store: ObjectStore; version: string }) {
    this.#db = deps.db;
    this.#queue = deps.queue;
    this.#store = deps.store;
    this.#version = deps.version;
  }

  /** Runs every check at once; `status` is `error` naming each failed check when any fails. */
  async check(): Promise<HealthBody> {
    const checks = {
      database: () => pingDatabase(this.#db),
      queue: () => this.#queue.check(),
      storage: () => this.#store.check(),
    };
    const results = await Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await runCheck(check)] as const));
    const failed = results.filter(([, result]) => result !== 'ok');
    return {
      status: failed.length === 0 ? 'ok' : 'error',
      version: this.#version,
      uptimeS: Math.round(process.uptime()),
      checks: Object.fromEntries(results.map(([name, result]) => [name, result === 'ok' ? 'ok' : 'failed'])) as HealthBody['checks'],
      ...(failed.length > 0 ? { error: failed.map(([name, reason]) => `${name} check failed: ${reason}`).join('; ') } : {}),
    };
  }
}

async function runCheck(check: () => Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([check(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)))]);
    return 'ok';
  } catch (error) {
    return (error as Error).message || 'failed';
  } finally {
    clearTimeout(timer);
  }
}
