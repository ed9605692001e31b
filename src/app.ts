import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Ajv } from 'ajv';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { registerErrorHandling } from './http/errors-plugin.ts';
import { registerBodyTimeout } from './http/body-timeout.ts';
import { errorMappingOptions, REQUEST_TIMEOUT_S } from './http/error-mapping.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerFormBodyParser } from './http/form-body.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { addTextRule, withTextRule } from './contract/text-rule.ts';
import { withEveryProblem } from './contract/every-problem.ts';
import { withDecimalNumbers } from './contract/number-text.ts';
import { ErrorBody } from './contract/common.ts';
import { ModelJob } from './contract/models.ts';
import { sendSitePageError } from './http/pages/send-page.ts';
import { authRoutes } from './http/routes/auth.ts';
import { billingWebhookRoutes } from './http/routes/billing.ts';
import { embedRoutes } from './http/routes/embed.ts';
import { leadRoutes } from './http/routes/leads.ts';
import { reportRoutes } from './http/routes/report.ts';
import { partnerRoutes } from './http/routes/partner.ts';
import { exploreRoutes } from './http/routes/explore.ts';
import { placeRoutes } from './http/routes/places.ts';
import { frontPageRoutes } from './http/routes/front-page.ts';
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
import type { Services } from './services/services.ts';
import { LocalObjectStore } from './storage/local-object-store.ts';
import type { ObjectStore } from './storage/object-store.ts';
import { VERSION } from './version.ts';

/** What the HTTP app is built from: the settings and the services of `src/compose.ts`. */
export interface AppDependencies {
  config: Config;
  services: Services;
  /** Where model files live; a local folder is served under `/files/`. */
  store: ObjectStore;
  logger?: FastifyServerOptions['logger'];
}

/** The sign-in and portal pages: our own files only, never framed. */
const SITE_PAGE_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'";

/** Largest request body the API accepts; every documented request is far smaller. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** `TRUST_PROXY` as Fastify takes it: a count of proxies as the hops nearest the service (hop 0 is the socket's peer). */
function proxyTrustOption(trust: Config['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * Builds the Fastify app (without listening): routes of SPEC.md, OpenAPI document and docs, errors as
 * JSON, metrics, and the local model files. It only registers plugins and routes; the services come built.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: proxyTrustOption(deps.config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // A body that never finishes would hold its connection open for good (Fastify's default is no limit).
    requestTimeout: REQUEST_TIMEOUT_S * 1000,
    ...errorMappingOptions,
  }).withTypeProvider<TypeBoxTypeProvider>();
  setValidators(app);
  // The API speaks JSON only; other bodies are answered 415 rather than parsed as text.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);

  const { services } = deps;
  const viewerPage = ViewerPageTemplate.load();

  registerErrorHandling(app);
  registerBodyTimeout(app);
  registerSecurityHeaders(app, deps.config.publicBaseUrl);
  // JSON and pages over 1 KB go out brotli- or gzip-compressed (before the static routes, whose built
  // files and models have their compressed copies already). Compressed request bodies are not taken.
  await app.register(fastifyCompress, { globalDecompression: false, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } });
  await app.register(fastifyCookie);
  registerMetrics(app, deps.config.metricsToken);
  await registerOpenApi(app, deps.config.publicBaseUrl);
  await app.register(healthRoutes, { services });
  await app.register(modelRoutes, { services });
  await app.register(solarRoutes, { services });
  await app.register(sessionRoutes, { services });
  await app.register(embedRoutes, { services, viewerPage });
  await app.register(viewerRoutes, { services, viewerPage });
  await app.register(leadRoutes, { services });
  await app.register(reportRoutes, { services });
  await app.register(billingWebhookRoutes, { services });
  await app.register(async (site) => {
    site.setErrorHandler(sendSitePageError);
    // The site's forms (sign-in, portal) post url-encoded bodies; only here: the API stays JSON only.
    registerFormBodyParser(site, BODY_LIMIT_BYTES);
    site.addHook('onSend', async (_request, reply) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.header('content-security-policy', SITE_PAGE_POLICY);
    });
    await site.register(authRoutes, { services, publicBaseUrl: deps.config.publicBaseUrl });
    await site.register(partnerRoutes, { services, publicBaseUrl: deps.config.publicBaseUrl, supportEmail: deps.config.supportEmail });
    await site.register(exploreRoutes, { services });
    await site.register(frontPageRoutes);
  });
  await app.register(siteAssetRoutes);
  await app.register(viewerApiRoutes, { services });
  await app.register(placeRoutes, { services });
  await app.register(staticAssetRoutes, { distDir: WEB_DIST_DIR });
  await app.register(mcpRoutes, { services, publicBaseUrl: deps.config.publicBaseUrl });
  await app.register(llmsTxtRoutes, { publicBaseUrl: deps.config.publicBaseUrl });
  if (deps.store instanceof LocalObjectStore) await app.register(fileRoutes, { root: deps.store.root });
  return app;
}

/**
 * JSON bodies are validated as sent (no type coercion, unknown fields rejected, so a typo such as
 * `radius_km` is an error rather than a silent default); query strings and path parameters are text
 * and are coerced to their types, numbers only from decimal text.
 */
function setValidators(app: FastifyInstance): void {
  const common = { useDefaults: true, removeAdditional: false, strict: false } as const;
  // Each part has two validators: every problem for a request of a person's size, so a caller fixes them in
  // one go; the first problem only for a larger one (every-problem.ts).
  const ajvs = (allErrors: boolean) => {
    const body = new Ajv({ ...common, allErrors, coerceTypes: false });
    // Verbose: a query parameter given twice arrives as a list, and its message says so (validation-messages.ts).
    const text = new Ajv({ ...common, allErrors, coerceTypes: true, verbose: true });
    // No control characters (U+0000 above all) in any string of any route: see text-rule.ts.
    addTextRule(body);
    addTextRule(text);
    return { body, text };
  };
  const [first, every] = [ajvs(false), ajvs(true)];
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const checked = withTextRule(schema);
    if (httpPart === 'body') return withEveryProblem(() => first.body.compile(checked), every.body.compile(checked));
    return withEveryProblem(() => withDecimalNumbers(first.text.compile(checked), schema), withDecimalNumbers(every.text.compile(checked), schema));
  });
}

async function registerOpenApi(app: FastifyInstance, publicBaseUrl: string): Promise<void> {
  app.addSchema(ErrorBody);
  app.addSchema(ModelJob);
  // Any JSON body can be too large (413) or not JSON (415), and any path parameter malformed (400): each
  // documented route that takes them says so, in the one error shape (the answers come from
  // error-mapping.ts, not from the routes).
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { body?: unknown; params?: unknown; response?: Record<number, unknown>; hide?: boolean } | undefined;
    if (!schema?.response || schema.hide) return;
    if (schema.body) schema.response = { ...schema.response, 413: ErrorBody, 415: ErrorBody };
    if (schema.params && !schema.response[400]) schema.response = { ...schema.response, 400: ErrorBody };
  });
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
