import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { ModelJobsRepository } from './db/model-jobs-repository.ts';
import type { IrradianceProvider } from './irradiance/irradiance-provider.ts';
import { PvgisClient } from './irradiance/pvgis-client.ts';
import { EmailWorker } from './jobs/email-worker.ts';
import { createMailer } from './mail/mailer.ts';
import { CachedIrradianceProvider } from './irradiance/cached-irradiance.ts';
import { IrradianceCacheRepository } from './db/irradiance-cache-repository.ts';
import { GenerationWorker } from './jobs/generation-worker.ts';
import { runHousekeeping } from './jobs/housekeeping.ts';
import { JobQueue } from './jobs/queue.ts';
import { createLogger, loggerOptions } from './logging.ts';
import { createObjectStore } from './storage/create-object-store.ts';
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
 * Starts the service: database (migrated), queue, object store, `WORKERS` generation workers, and the
 * HTTP app listening on `HOST:PORT`. Everything opened is closed again by `close()`, in reverse order.
 */
export async function startService(config: Config, options: StartOptions): Promise<RunningService> {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: config.databaseSchema, migrate: true });
  const closers: (() => Promise<void>)[] = [() => database.close()];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch((error) => logger.error({ err: error }, 'error while stopping'));
  };
  try {
    const queue = await JobQueue.start(
      database,
      { databaseUrl: config.databaseUrl, heartbeatSeconds: config.jobHeartbeatSeconds, retryDelaySeconds: options.retryDelaySeconds },
      (error) => logger.error({ err: error }, 'job queue error'),
    );
    closers.push(() => queue.stop());
    const store = createObjectStore(config);
    if (config.workers > 0) {
      const worker = new GenerationWorker({
        queue,
        jobs: new ModelJobsRepository(database.db),
        store,
        logger,
        concurrency: config.workers,
        generatorModule: options.generatorModule,
        sources: {
          overpassUrl: config.overpassUrl,
          osmExtract: config.osmExtract,
          terrainTilesUrl: config.terrainTilesUrl,
          terrainDir: config.terrainDir,
          lod2Sources: config.lod2Sources,
          cacheDir: path.join(config.dataDir, 'cache'),
        },
      });
      await worker.start();
      closers.push(() => worker.stop());
    }
    // Every process sends queued e-mail; the queue hands each message to one of them.
    const emails = new EmailWorker({ queue, mailer: createMailer({ smtpUrl: config.smtpUrl, mailDir: path.join(config.dataDir, 'mail'), from: config.mailFrom }), logger });
    await emails.start();
    closers.push(() => emails.stop());
    let app: FastifyInstance | undefined;
    if (options.http) {
      app = await buildApp({
        config,
        database,
        queue,
        store,
        irradiance: options.irradiance ?? new CachedIrradianceProvider(new PvgisClient({ baseUrl: config.pvgisUrl }), new IrradianceCacheRepository(database.db)),
        logger: loggerOptions(config.logLevel),
      });
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
    logger.info({ database: database.kind, storage: store.kind, workers: config.workers, http: options.http }, 'solar-partner started');
    return { app, database, queue, store, logger, close };
  } catch (error) {
    await close();
    throw error;
  }
}
