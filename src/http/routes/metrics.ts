import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * `GET /metrics`: Prometheus metrics of this instance (HTTP requests by route and status, process
 * figures). They tell an outsider what partners do, so they are served with `token` as a bearer token,
 * or without one to this machine only: the socket's peer is the loopback (whatever a forwarding header
 * says) and no proxy forwarded the request (a TLS proxy on the same machine connects from the loopback
 * for every outside client, and adds `X-Forwarded-For` or `Forwarded`).
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unknown';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const refusal = metricsRefusal(request, token);
    if (refusal) return reply.code(refusal.status).type('application/json; charset=utf-8').send({ error: refusal.message });
    reply.type(registry.contentType);
    return registry.metrics();
  });
}

/** Why a request may not read the metrics, or undefined when it may. */
function metricsRefusal(request: FastifyRequest, token: string | undefined): { status: number; message: string } | undefined {
  if (token === undefined) {
    const peer = request.socket.remoteAddress ?? '';
    const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    return isLoopbackAddress(peer) && !forwarded ? undefined : { status: 403, message: 'Metrics are served to this machine only, not through a proxy; set METRICS_TOKEN to read them from elsewhere with Authorization: Bearer <token>' };
  }
  const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  const matches = given.length === expected.length && timingSafeEqual(given, expected);
  return matches ? undefined : { status: 401, message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' };
}

function isLoopbackAddress(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}
