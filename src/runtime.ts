import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import { startAdminSocket } from './cli/admin-socket.ts';
import { compose } from './compose.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import type { IrradianceProvider } from './irradiance/index.ts';
import { runHousekeeping } from './jobs/housekeeping.ts';
import type { JobQueue } from './jobs/queue.ts';
import { createLogger, loggerOptions } from './logging.ts';
import type { ObjectStore } from './storage/object-store.ts';

/** How often old rate-limit rows and long-expired sessions are deleted. */
const HOUSEKEEPING_INTERVAL_MS = 15 * 60 * 1000;

/** A running service process: the HTTP app (unless worker-only), its queue workers, and how to stop. */
export interface RunningService {
  app: FastifyInstance | undefined;
  database: DatabaseHandle;
  queue: JobQueue;
  store: ObjectStore;
  logger: Logger;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Serve HTTP (false for `solar-partner worker`). */
  http: boolean;
  /** Replace parts for tests: a generator module, an irradiance provider. */
  generatorModule?: string;
  irradiance?: IrradianceProvider;
  retryDelaySeconds?: number;
}

/**
 * Starts the service: database (migrated), the parts `compose` builds (queue, object store, `WORKERS`
 * generation workers, e-mail), and the HTTP app listening on `HOST:PORT`. Everything opened is closed
 * again by `close()`, in reverse order.
 */
export async function startService(config: Config, options: StartOptions): Promise<RunningService> {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: config.databaseSchema, migrate: true });
  const closers: (() => Promise<void>)[] = [() => database.close()];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch((error) => logger.error({ err: error }, 'error while stopping'));
  };
  try {
    const parts = await compose(config, { database, logger, generatorModule: options.generatorModule, irradiance: options.irradiance, retryDelaySeconds: options.retryDelaySeconds });
    closers.push(() => parts.close());
    // The embedded database has one owner: operator commands reach it through this process.
    if (database.kind === 'pglite') closers.push(await startAdminSocket(config, database, logger));
    let app: FastifyInstance | undefined;
    if (options.http) {
      app = await buildApp({ config, services: parts.services, store: parts.store, logger: loggerOptions(config.logLevel) });
      await app.listen({ port: config.port, host: config.host });
      closers.push(() => app!.close());
    }
    const housekeeping = setInterval(() => {
      runHousekeeping(database.db, new Date()).then(
        (deleted) => logger.debug(deleted, 'housekeeping done'),
        (error) => logger.warn({ err: error }, 'housekeeping failed'),
      );
    }, HOUSEKEEPING_INTERVAL_MS);
    housekeeping.unref();
    closers.push(async () => clearInterval(housekeeping));
    logger.info({ database: database.kind, storage: parts.store.kind, workers: config.workers, http: options.http }, 'solar-partner started');
    return { app, database, queue: parts.queue, store: parts.store, logger, close };
  } catch (error) {
    await close();
    throw error;
  }
}
