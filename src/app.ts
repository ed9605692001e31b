import fs from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyFormBody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Ajv } from 'ajv';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import { AccountTokensRepository } from './db/account-tokens-repository.ts';
import { AccountsRepository } from './db/accounts-repository.ts';
import { AgentSessionsRepository } from './db/agent-sessions-repository.ts';
import { BrowserSessionsRepository } from './db/browser-sessions-repository.ts';
import { ApiKeysRepository } from './db/api-keys-repository.ts';
import type { DatabaseHandle } from './db/database.ts';
import { ModelJobsRepository } from './db/model-jobs-repository.ts';
import { RateLimitRepository } from './db/rate-limit-repository.ts';
import type { Database } from './db/schema.ts';
import { UsageRepository, type UsageEvent } from './db/usage-repository.ts';
import { registerErrorHandling } from './http/errors-plugin.ts';
import { errorMappingOptions } from './http/error-mapping.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { addTextRule, withTextRule } from './http/text-rule.ts';
import { ErrorBody, ModelJob } from './http/schemas.ts';
import { sendSitePageError } from './http/pages/send-page.ts';
import { authRoutes } from './http/routes/auth.ts';
import { billingWebhookRoutes } from './http/routes/billing.ts';
import { embedRoutes } from './http/routes/embed.ts';
import { leadRoutes } from './http/routes/leads.ts';
import { partnerRoutes } from './http/routes/partner.ts';
import { siteAssetRoutes } from './http/routes/site-assets.ts';
import { fileRoutes } from './http/routes/files.ts';
import { healthRoutes } from './http/routes/health.ts';
import { llmsTxtRoutes } from './http/routes/llms-txt.ts';
import { mcpRoutes } from './http/routes/mcp.ts';
import { registerMetrics } from './http/routes/metrics.ts';
import { modelRoutes } from './http/routes/models.ts';
import { sessionRoutes } from './http/routes/sessions.ts';
import { solarRoutes } from './http/routes/solar.ts';
import { staticAssetRoutes } from './http/routes/static-assets.ts';
import { viewerApiRoutes } from './http/routes/viewer-api.ts';
import { viewerRoutes } from './http/routes/viewer.ts';
import { ViewerPageTemplate, WEB_DIST_DIR } from './http/viewer-page.ts';
import type { IrradianceProvider } from './irradiance/irradiance-provider.ts';
import { PasswordResetWorker } from './jobs/password-reset-worker.ts';
import type { JobQueue } from './jobs/queue.ts';
import { ManualBilling, type BillingProvider } from './billing/billing-provider.ts';
import { StripeBilling } from './billing/stripe-billing.ts';
import { AccountService } from './services/account-service.ts';
import { LeadService } from './services/lead-service.ts';
import { LeadsRepository } from './db/leads-repository.ts';
import { ApiKeyAuthenticator } from './services/api-key-authenticator.ts';
import { WriteBehindBuffer } from './services/write-behind-buffer.ts';
import { ModelService } from './services/model-service.ts';
import { DatabaseRateLimiter, HOUR_MS, SingleOwnerRateLimiter, type RateLimiter } from './services/rate-limiter.ts';
import { SessionService } from './services/session-service.ts';
import { SolarService } from './services/solar-service.ts';
import { LocalObjectStore } from './storage/local-object-store.ts';
import type { ObjectStore } from './storage/object-store.ts';

/** What the HTTP app is built from; side effects (clock, network, files) come in here. */
export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  queue: JobQueue;
  store: ObjectStore;
  irradiance: IrradianceProvider;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

/** The services the routes use. */
export interface AppServices {
  db: Kysely<Database>;
  queue: JobQueue;
  store: ObjectStore;
  solar: SolarService;
  authenticator: ApiKeyAuthenticator;
  models: ModelService;
  sessions: SessionService;
  limits: RateLimiter;
  viewerPage: ViewerPageTemplate;
  accounts: AccountService;
  accountsRepository: AccountsRepository;
  apiKeys: ApiKeysRepository;
  usage: UsageRepository;
  leads: LeadService;
  billing: BillingProvider;
  leadsRepository: LeadsRepository;
  version: string;
  now: () => Date;
}

/** The sign-in and portal pages: our own files only, never framed. */
const SITE_PAGE_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'";

/** Largest request body the API accepts; every documented request is far smaller. */
export const BODY_LIMIT_BYTES = 16 * 1024;

export const VERSION: string = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

/**
 * Builds the Fastify app (without listening): routes of SPEC.md, OpenAPI document and docs, errors as
 * JSON, metrics, and the local model files. Caches follow change notifications from every instance.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    ...errorMappingOptions,
  }).withTypeProvider<TypeBoxTypeProvider>();
  setValidators(app);
  // The API speaks JSON only; other bodies are answered 415 rather than parsed as text.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);

  const services = createServices(deps, app);
  if (deps.database.kind === 'pglite') {
    // The embedded database has one owner, which sees every change: hot state can live in memory.
    if (services.limits instanceof SingleOwnerRateLimiter) await services.limits.load(HOUR_MS, services.now());
    await services.authenticator.loadAll();
  }
  const unsubscribe = await deps.database.onChange((topic) => {
    if (topic === 'keys') services.authenticator.invalidate();
    else if (topic.startsWith('model:')) services.models.invalidate(topic.slice('model:'.length));
  });
  // Reset requests are worked after their answer, so /auth/forgot takes the same time for any address.
  const resets = new PasswordResetWorker(deps.queue, (email) => services.accounts.sendPasswordReset(email, services.now()));
  app.addHook('onReady', () => resets.start());
  app.addHook('onClose', () => resets.stop());
  app.addHook('onClose', async () => {
    await unsubscribe();
    await services.authenticator.flush();
  });

  registerErrorHandling(app);
  registerSecurityHeaders(app, deps.config.publicBaseUrl);
  await app.register(fastifyCookie);
  registerMetrics(app);
  await registerOpenApi(app, deps.config.publicBaseUrl);
  await app.register(healthRoutes, { services });
  await app.register(modelRoutes, { services });
  await app.register(solarRoutes, { services });
  await app.register(sessionRoutes, { services });
  await app.register(embedRoutes, { services });
  await app.register(viewerRoutes, { services });
  await app.register(leadRoutes, { services });
  await app.register(billingWebhookRoutes, { services });
  await app.register(async (site) => {
    site.setErrorHandler(sendSitePageError);
    // The site's forms (sign-in, portal) post url-encoded bodies; only here: the API stays JSON only.
    await site.register(fastifyFormBody, { bodyLimit: BODY_LIMIT_BYTES });
    site.addHook('onSend', async (_request, reply) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.header('content-security-policy', SITE_PAGE_POLICY);
    });
    await site.register(authRoutes, { services, publicBaseUrl: deps.config.publicBaseUrl });
    await site.register(partnerRoutes, { services, publicBaseUrl: deps.config.publicBaseUrl });
  });
  await app.register(siteAssetRoutes);
  await app.register(viewerApiRoutes, { services });
  await app.register(staticAssetRoutes, { distDir: WEB_DIST_DIR });
  await app.register(mcpRoutes, { services, publicBaseUrl: deps.config.publicBaseUrl });
  await app.register(llmsTxtRoutes, { publicBaseUrl: deps.config.publicBaseUrl });
  if (deps.store instanceof LocalObjectStore) await app.register(fileRoutes, { root: deps.store.root });
  return app;
}

function createServices(deps: AppDependencies, app: FastifyInstance): AppServices {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  const repository = new RateLimitRepository(db);
  const limits: RateLimiter =
    deps.database.kind === 'pglite' ? new SingleOwnerRateLimiter(repository) : new DatabaseRateLimiter(repository);
  app.addHook('onClose', async () => limits.flush());
  const usage = new UsageRepository(db);
  const cacheHits = new WriteBehindBuffer((events: UsageEvent[]) => usage.recordMany(events), (error) => app.log.error({ err: error }, 'could not record usage'));
  app.addHook('onClose', async () => cacheHits.flush());
  const accountsRepository = new AccountsRepository(db);
  const apiKeys = new ApiKeysRepository(db);
  const leadsRepository = new LeadsRepository(db);
  const authenticator = new ApiKeyAuthenticator(apiKeys, (error) => app.log.warn({ err: error }, 'could not record key use'));
  const models = new ModelService({ db, jobs: new ModelJobsRepository(db), usage, queue: deps.queue, cacheHits });
  return {
    db,
    queue: deps.queue,
    store: deps.store,
    solar: new SolarService(deps.irradiance),
    authenticator,
    models,
    sessions: new SessionService({ sessions: new AgentSessionsRepository(db), models, limits, publicBaseUrl: deps.config.publicBaseUrl }),
    limits,
    viewerPage: ViewerPageTemplate.load(),
    accounts: new AccountService({ db, accounts: accountsRepository, tokens: new AccountTokensRepository(db), sessions: new BrowserSessionsRepository(db), queue: deps.queue, limits, publicBaseUrl: deps.config.publicBaseUrl }),
    accountsRepository,
    apiKeys,
    usage,
    leadsRepository,
    billing: deps.config.stripe ? new StripeBilling(deps.config.stripe) : new ManualBilling(),
    leads: new LeadService({ db, leads: leadsRepository, accounts: accountsRepository, authenticator, queue: deps.queue, limits, publicBaseUrl: deps.config.publicBaseUrl }),
    version: VERSION,
    now,
  };
}

/**
 * JSON bodies are validated as sent (no type coercion, unknown fields rejected, so a typo such as
 * `radius_km` is an error rather than a silent default); query strings and path parameters are text
 * and are coerced to their types.
 */
function setValidators(app: FastifyInstance): void {
  const common = { useDefaults: true, removeAdditional: false, allErrors: false, strict: false } as const;
  const bodyAjv = new Ajv({ ...common, coerceTypes: false });
  const textAjv = new Ajv({ ...common, coerceTypes: true });
  // No control characters (U+0000 above all) in any string of any route: see text-rule.ts.
  addTextRule(bodyAjv);
  addTextRule(textAjv);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(withTextRule(schema)));
}

async function registerOpenApi(app: FastifyInstance, publicBaseUrl: string): Promise<void> {
  app.addSchema(ErrorBody);
  app.addSchema(ModelJob);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Solar Modeling Partner Service',
        version: VERSION,
        description:
          'HD 3D city models, annual solar yield, an embeddable 3D viewer and agent sessions. Every error is JSON `{"error": "..."}`. Model endpoints need `Authorization: Bearer <API key>`.',
      },
      servers: [{ url: publicBaseUrl }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key from the Partner Portal' } } },
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
}
