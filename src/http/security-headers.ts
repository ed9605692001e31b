import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The API reference (Swagger UI): its own scripts only; it styles elements inline, so styles may be inline. */
export const DOCS_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'";

/**
 * Any other page that sets no policy of its own (error pages of the viewer and the embed): our own files
 * only. The embed's pages live in partners' iframes, so they may be framed; nothing else may.
 */
export function defaultPagePolicy(framed: boolean): string {
  return `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors ${framed ? '*' : "'none'"}`;
}

/** Each app's headers for every answer, for answers made where no hook runs (errors before routing). */
const COMMON_HEADERS = new WeakMap<FastifyInstance, Record<string, string>>();

/** The headers every answer of this app carries (nosniff, Referrer-Policy, HSTS over HTTPS). */
export function commonSecurityHeaders(app: FastifyInstance): Record<string, string> {
  return COMMON_HEADERS.get(app) ?? { 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin' };
}

/** A year, the usual lifetime of a Strict-Transport-Security promise. */
const HSTS_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * One hook for the headers every answer carries, whatever route (or error path) made it:
 * `X-Content-Type-Options: nosniff`; a `Referrer-Policy` (`same-origin` unless the page chose one, so a
 * reset link's token never leaves the site in a Referer, while the site's own form posts keep the
 * `Origin` its forgery check reads: under `no-referrer` browsers send `Origin: null`); a
 * Content-Security-Policy and frame protection on `/docs` and on every HTML page without a policy of its own; `Strict-Transport-Security` when the
 * service is published over HTTPS. Policies set by a route (the viewer's, the site's) are kept.
 */
export function registerSecurityHeaders(app: FastifyInstance, publicBaseUrl: string): void {
  const https = publicBaseUrl.startsWith('https:');
  COMMON_HEADERS.set(app, { 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin', ...(https ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_S}` } : {}) });
  // A callback hook, not an async one: it runs on every answer, status reads included.
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'same-origin');
    if (https) reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE_S}`);
    const { url } = request;
    if (url === '/docs' || url.startsWith('/docs/') || url.startsWith('/docs?')) {
      reply.header('content-security-policy', DOCS_POLICY);
      reply.header('x-frame-options', 'DENY');
    } else if (String(reply.getHeader('content-type') ?? '').startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      const framed = url === '/embed' || url.startsWith('/embed?') || url.startsWith('/embed/');
      reply.header('content-security-policy', defaultPagePolicy(framed));
      if (!framed) reply.header('x-frame-options', 'DENY');
    }
    done(null, payload);
  });
}
