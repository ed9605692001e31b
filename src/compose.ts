import path from 'node:path';
import { ManualBilling } from './billing/billing-provider.ts';
import { StripeBilling } from './billing/stripe-billing.ts';
import { generatorSources, type Config } from './config.ts';
import { isExtractIndexed } from './modelgen/sources.ts';
import { AccountTokensRepository } from './db/account-tokens-repository.ts';
import { AccountsRepository } from './db/accounts-repository.ts';
import { AgentSessionsRepository } from './db/agent-sessions-repository.ts';
import { ApiKeysRepository } from './db/api-keys-repository.ts';
import { BillingEventsRepository } from './db/billing-events-repository.ts';
import { SignInSessionsRepository } from './db/sign-in-sessions-repository.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { Database } from './db/schema.ts';
import type { Kysely } from 'kysely';
import { IrradianceCacheRepository } from './db/irradiance-cache-repository.ts';
import { RoofShadingPool } from './jobs/roof-shading-pool.ts';
import { RoofInsightsService } from './services/roof-insights-service.ts';
import { LeadsRepository } from './db/leads-repository.ts';
import { ModelJobsRepository } from './db/model-jobs-repository.ts';
import { RateLimitRepository } from './db/rate-limit-repository.ts';
import { UsageRepository, type UsageEvent } from './db/usage-repository.ts';
import { CachedIrradianceProvider, OrientationGridIrradiance, PvgisClient, type IrradianceProvider } from './irradiance/index.ts';
import { EmailWorker } from './jobs/email-worker.ts';
import { GenerationWorker, type WorkerLogger } from './jobs/generation-worker.ts';
import { PasswordResetWorker } from './jobs/password-reset-worker.ts';
import { JobQueue } from './jobs/queue.ts';
import { createMailer } from './mail/mailer.ts';
import { AccountService } from './services/account-service.ts';
import { ApiKeyAuthenticator } from './services/api-key-authenticator.ts';
import { ApiKeyService } from './services/api-key-service.ts';
import { HealthService } from './services/health-service.ts';
import { LeadService } from './services/lead-service.ts';
import { ReportService } from './services/report-service.ts';
import { ModelService } from './services/model-service.ts';
import { PregenerationService } from './services/pregeneration-service.ts';
import { PregenerationRepository } from './db/pregeneration-repository.ts';
import { PartnerProfileService } from './services/partner-profile-service.ts';
import { PlaceSearchService } from './services/place-search-service.ts';
import { createGeocoder } from './geocoding/create-geocoder.ts';
import { DatabaseRateLimiter, HOUR_MS, SingleOwnerRateLimiter, type RateLimiter } from './services/rate-limiter.ts';
import type { Services } from './services/services.ts';
import { AgentSessionService } from './services/agent-session-service.ts';
import { SolarService } from './services/solar-service.ts';
import { ViewerService } from './services/viewer-service.ts';
import { WriteBehindBuffer } from './services/write-behind-buffer.ts';
import { createObjectStore } from './storage/create-object-store.ts';
import type { ObjectStore } from './storage/object-store.ts';
import { VERSION } from './version.ts';

/** What the composition differs in between the service and its tests; everything else comes from `Config`. */
export interface CompositionOptions {
  /** The opened (and migrated) database; its owner closes it after the composition. */
  database: DatabaseHandle;
  logger: WorkerLogger;
  /** Model files; default: the store the settings name (S3 or a local folder). */
  store?: ObjectStore;
  /** Irradiance; default: PVGIS behind the database cache. */
  irradiance?: IrradianceProvider;
  /** Module exporting `generateModel` for the generation workers; default: the product's generator. */
  generatorModule?: string;
  /** Seconds before a failed generation is tried again (doubled each time). */
  retryDelaySeconds?: number;
  /** Longest one generation attempt may build (ms); default: the queue's limit for an attempt. */
  generationTimeLimitMs?: number;
  /** Seconds before an unsent e-mail is tried again (doubled each time). */
  emailRetryDelaySeconds?: number;
  /** Send queued e-mail from this process (default true). */
  sendEmail?: boolean;
  now?: () => Date;
}

/** The service's parts, wired: queue, object store, workers and the services the routes use. */
export interface Composition {
  database: DatabaseHandle;
  queue: JobQueue;
  store: ObjectStore;
  services: Services;
  /** The generation worker, when `WORKERS` > 0. */
  worker: GenerationWorker | undefined;
  /** Writes what the services hold back, stops workers and the queue (not the database). */
  close(): Promise<void>;
}

/**
 * The one place that builds the service from its settings: job queue, object store, repositories,
 * services, generation and e-mail workers, and the cache invalidation that follows every instance's
 * changes. `runtime.ts` and the tests both build through here.
 */
export async function compose(config: Config, options: CompositionOptions): Promise<Composition> {
  const { database, logger } = options;
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch((error) => logger.error({ err: error }, 'error while stopping'));
  };
  try {
    const queue = await JobQueue.start(
      database,
      { databaseUrl: config.databaseUrl, heartbeatSeconds: config.jobHeartbeatSeconds, retryDelaySeconds: options.retryDelaySeconds, emailRetryDelaySeconds: options.emailRetryDelaySeconds },
      (error) => logger.error({ err: error }, 'job queue error'),
    );
    closers.push(() => queue.stop());
    const store = options.store ?? createObjectStore(config);
    let worker: GenerationWorker | undefined;
    if (config.workers > 0) {
      worker = new GenerationWorker({
        db: database.db,
        queue,
        jobs: new ModelJobsRepository(database.db),
        usage: new UsageRepository(database.db),
        store,
        logger,
        concurrency: config.workers,
        generatorModule: options.generatorModule,
        timeLimitMs: options.generationTimeLimitMs,
        sources: generatorSources(config),
      });
      await worker.start();
      if (config.osmExtract && !isExtractIndexed(config.osmExtract, path.join(config.dataDir, 'cache'))) {
        logger.warn({ extract: config.osmExtract }, 'OSM_EXTRACT is not indexed: models fail until "solar-partner osm index" has been run with this DATA_DIR');
      }
      const started = worker;
      closers.push(() => started.stop());
    }
    if (options.sendEmail !== false) {
      // Every process sends queued e-mail; the queue hands each message to one of them.
      const emails = new EmailWorker({ queue, mailer: createMailer({ smtpUrl: config.smtpUrl, mailDir: path.join(config.dataDir, 'mail'), from: config.mailFrom }), logger });
      await emails.start();
      closers.push(() => emails.stop());
    }
    const irradiance = options.irradiance ?? new CachedIrradianceProvider(new PvgisClient({ baseUrl: config.pvgisUrl }), new IrradianceCacheRepository(database.db));
    const { services, flush, loadHotState, stop } = createServices(config, { database, queue, store, irradiance, logger, now: options.now ?? (() => new Date()) });
    closers.push(stop);
    closers.push(flush);
    if (database.kind === 'pglite') {
      // The embedded database has one owner, which sees every change: hot state can live in memory.
      await loadHotState();
    }
    const unsubscribe = await database.onChange((topic) => {
      if (topic === 'keys') services.authenticator.invalidate();
      else if (topic.startsWith('model:')) services.models.invalidate(topic.slice('model:'.length));
    });
    closers.push(unsubscribe);
    // Reset requests are worked after their answer, so /auth/forgot takes the same time for any address.
    const resets = new PasswordResetWorker(queue, (email) => services.accounts.sendPasswordReset(email, services.now()));
    await resets.start();
    closers.push(() => resets.stop());
    return { database, queue, store, services, worker, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** What the services are built over (the queue and store `compose` starts, or a bench's own). */
export interface ServiceParts {
  database: DatabaseHandle;
  queue: JobQueue;
  store: ObjectStore;
  irradiance: IrradianceProvider;
  logger: WorkerLogger;
  now: () => Date;
}

/**
 * Repositories and services over one database, without workers; `flush` writes what they hold back
 * (on shutdown); `loadHotState` fills the in-memory limits and key cache (embedded database only).
 * `compose` uses it; benches that build several apps over one queue call it directly.
 */
export function createServices(config: Config, parts: ServiceParts): { services: Services; flush: () => Promise<void>; loadHotState: () => Promise<void>; stop: () => Promise<void> } {
  const { database, queue, logger } = parts;
  const db = database.db;
  const publicBaseUrl = config.publicBaseUrl;
  const rateLimits = new RateLimitRepository(db);
  const limits: RateLimiter =
    database.kind === 'pglite' ? new SingleOwnerRateLimiter(rateLimits) : new DatabaseRateLimiter(rateLimits);
  const usage = new UsageRepository(db);
  const cacheHits = new WriteBehindBuffer((events: UsageEvent[]) => usage.recordMany(events), (error) => logger.error({ err: error }, 'could not record usage'));
  const accountsRepository = new AccountsRepository(db);
  const authenticator = new ApiKeyAuthenticator(new ApiKeysRepository(db), (error) => logger.warn({ err: error }, 'could not record key use'));
  const models = new ModelService({ db, jobs: new ModelJobsRepository(db), usage, queue, cacheHits, limits });
  const { apiKeys, profiles } = accountServices(db, authenticator);
  const agentSessions = new AgentSessionService({ sessions: new AgentSessionsRepository(db), models, limits, publicBaseUrl });
  // Threads start on the first roof-insights request only, and end when idle.
  const roofShading = new RoofShadingPool();
  const reports = new ReportService({ authenticator, accounts: accountsRepository, limits });
  // One irradiance rule for the wizard's yields (POST /api/solar/calculate) and the roof insights:
  // PVGIS on a grid of orientations, interpolated between (docs/decisions.md).
  const irradiance = new OrientationGridIrradiance(parts.irradiance);
  const services: Services = {
    insights: new RoofInsightsService({ jobs: new ModelJobsRepository(db), store: parts.store, pool: roofShading, irradiance, onStoreError: (error, key) => logger.warn({ err: error, key }, 'could not store roof insights') }),
    health: new HealthService({ db, queue, store: parts.store, version: VERSION }),
    solar: new SolarService(irradiance),
    authenticator,
    apiKeys,
    profiles,
    models,
    agentSessions,
    viewer: new ViewerService({ authenticator, agentSessions, profiles, models }),
    places: new PlaceSearchService({ geocoder: createGeocoder(config.geocoder), authenticator, profiles, limits }),
    accounts: new AccountService({ db, accounts: accountsRepository, tokens: new AccountTokensRepository(db), sessions: new SignInSessionsRepository(db), queue, limits, publicBaseUrl }),
    billing: config.stripe ? new StripeBilling(config.stripe) : new ManualBilling(),
    leads: new LeadService({ db, leads: new LeadsRepository(db), accounts: accountsRepository, authenticator, queue, limits, publicBaseUrl, reports }),
    reports,
    pregeneration: new PregenerationService({ runs: new PregenerationRepository(db), models }),
    modelFilesUrl: parts.store.publicUrl(''),
    version: VERSION,
    now: parts.now,
  };
  const loadHotState = async () => {
    if (limits instanceof SingleOwnerRateLimiter) await limits.load(HOUR_MS, parts.now());
    await authenticator.loadAll();
  };
  const flush = async () => {
    await services.insights.stored();
    await authenticator.flush();
    await cacheHits.flush();
    await limits.flush();
  };
  return { services, flush, loadHotState, stop: () => roofShading.close() };
}

/**
 * The services for an operator's command that queues models (`pregenerate`): the job queue and the same
 * services the service runs, without workers, e-mail or the HTTP app. `close` writes what they hold
 * back and stops the queue (not the database).
 */
export async function composeForQueueing(config: Config, database: DatabaseHandle, logger: WorkerLogger): Promise<{ services: Services; close: () => Promise<void> }> {
  const queue = await JobQueue.start(database, { databaseUrl: config.databaseUrl, heartbeatSeconds: config.jobHeartbeatSeconds }, (error) => logger.error({ err: error }, 'job queue error'));
  try {
    const irradiance = new CachedIrradianceProvider(new PvgisClient({ baseUrl: config.pvgisUrl }), new IrradianceCacheRepository(database.db));
    const { services, flush, stop } = createServices(config, { database, queue, store: createObjectStore(config), irradiance, logger, now: () => new Date() });
    return {
      services,
      close: async () => {
        await stop();
        await flush();
        await queue.stop();
      },
    };
  } catch (error) {
    await queue.stop();
    throw error;
  }
}

/**
 * The services over partner accounts and their keys, for the serving process (with its key cache) and
 * the CLI (without one).
 */
export function accountServices(db: Kysely<Database>, authenticator?: ApiKeyAuthenticator): { apiKeys: ApiKeyService; profiles: PartnerProfileService } {
  return {
    apiKeys: new ApiKeyService({ keys: new ApiKeysRepository(db), authenticator }),
    profiles: new PartnerProfileService({ db, accounts: new AccountsRepository(db), usage: new UsageRepository(db), leads: new LeadsRepository(db), billingEvents: new BillingEventsRepository(), authenticator }),
  };
}
