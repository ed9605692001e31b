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

/** A year, the usual lifetime of a Strict-Transport-Security promise. */
const HSTS_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * One hook for the headers every answer carries, whatever route (or error path) made it:
 * `X-Content-Type-Options: nosniff`; a `Referrer-Policy` (`no-referrer` unless the page chose one, so a
 * reset link's token never leaves in a Referer); a Content-Security-Policy and frame protection on
 * `/docs` and on every HTML page without a policy of its own; `Strict-Transport-Security` when the
 * service is published over HTTPS. Policies set by a route (the viewer's, the site's) are kept.
 */
export function registerSecurityHeaders(app: FastifyInstance, publicBaseUrl: string): void {
  const https = publicBaseUrl.startsWith('https:');
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'no-referrer');
    if (https) reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE_S}`);
    const path = request.url.split('?')[0];
    if (path === '/docs' || path.startsWith('/docs/')) {
      reply.header('content-security-policy', DOCS_POLICY);
      reply.header('x-frame-options', 'DENY');
    } else if (String(reply.getHeader('content-type') ?? '').startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      const framed = path === '/embed' || path.startsWith('/embed/');
      reply.header('content-security-policy', defaultPagePolicy(framed));
      if (!framed) reply.header('x-frame-options', 'DENY');
    }
    return payload;
  });
}
