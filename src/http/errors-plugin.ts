import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { InvalidRequestError } from '../domain/invalid-request-error.ts';
import { RateLimitedError } from '../domain/rate-limited-error.ts';
import { clientErrorAnswer } from './error-mapping.ts';
import { HttpError } from './http-error.ts';
import { rateLimitHeaders } from './rate-limit-headers.ts';
import { requestProblems } from '../contract/validation-messages.ts';

/**
 * Makes every error a JSON body `{"error": "..."}` with a message for the caller: validation failures,
 * malformed JSON, unknown routes, oversized bodies and unsupported content types included. Unexpected
 * errors are logged and answered with a generic 500, never with their internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => notFound(app, request, reply));

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // A body refused on its way to no route at all (DELETE with an empty JSON body): the route is what is wrong.
    if (request.is404) return notFound(app, request, reply);
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.message, error.extra, error.headers);
    if (error instanceof RateLimitedError) {
      return sendError(reply, 429, error.message, {}, { ...rateLimitHeaders(error.state), 'retry-after': String(error.state.resetSeconds) });
    }
    if (error instanceof InvalidRequestError) return sendError(reply, 400, error.message);
    if (error.validation) {
      return sendError(reply, 400, requestValidationMessage(error, request));
    }
    const known = await clientErrorAnswer(error, request);
    if (known) return sendError(reply, known.status, known.message);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return sendError(reply, error.statusCode, error.message);
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'Internal server error');
  });
}

/** What a request that failed its route's schema got wrong, every problem said against that part of the schema. */
export function requestValidationMessage(error: FastifyError, request: FastifyRequest): string {
  const part = error.validationContext ?? 'body';
  const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[part] as Parameters<typeof requestProblems>[1];
  return requestProblems(error.validation as never, schema, part);
}

/**
 * No route for this method and path: a 405 naming the methods the path takes, else a 404. A wildcard route
 * that found nothing (a file that is not there) says so rather than calling the path unknown.
 */
function notFound(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0];
  const allowed = allowedMethods(app, path);
  if (allowed.length > 0 && !allowed.includes(request.method)) {
    return sendError(reply, 405, `${request.method} is not allowed on ${path}; it accepts ${allowed.join(', ')}`, {}, { allow: allowed.join(', ') });
  }
  if (allowed.length > 0) return sendError(reply, 404, `Nothing is at ${path}: there is no file or item of that name`);
  return sendError(reply, 404, `No such endpoint: ${request.method} ${path}`);
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The methods some route answers on `path`: a path that exists for other methods is a 405, not a 404. */
function allowedMethods(app: FastifyInstance, path: string): string[] {
  return METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
}

function sendError(reply: FastifyReply, status: number, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): FastifyReply {
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send({ error: message, ...extra });
}
