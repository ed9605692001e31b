import type { FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { InvalidRequestError } from '../domain/invalid-request-error.ts';
import type { ViewerSettings } from '../domain/viewer-settings.ts';
import { messagePage } from './pages/layout.ts';
import { requestProblems } from '../contract/validation-messages.ts';
import { viewerPolicy, type ViewerPageTemplate } from './viewer-page.ts';

/** Sends the viewer page with its settings, its security policy and no caching (it holds a key or a session). */
export function sendViewerPage(reply: FastifyReply, page: ViewerPageTemplate, modelFilesUrl: string, frameAncestors: string[], settings: ViewerSettings): FastifyReply {
  if (!page.available) {
    return reply.code(503).type('text/html; charset=utf-8').send(messagePage('The viewer is not installed', 'The browser app has not been built on this server. The operator can build it with: npm run build', 'bare'));
  }
  reply.header('content-security-policy', viewerPolicy(frameAncestors, modelFilesUrl));
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  reply.header('permissions-policy', 'fullscreen=(self)');
  reply.header('cache-control', 'no-store');
  return reply.type('text/html; charset=utf-8').send(page.render(settings));
}

/** A viewer page's errors as pages: 400 naming the bad parameter or rule, 500 otherwise (logged). */
export function sendPageError(error: Error & { validation?: FastifySchemaValidationError[] }, request: FastifyRequest, reply: FastifyReply, query: TSchema): FastifyReply {
  const problem = error.validation ? requestProblems(error.validation as never, query as never, 'querystring') : error instanceof InvalidRequestError ? error.message : undefined;
  if (problem !== undefined) return reply.code(400).type('text/html; charset=utf-8').send(messagePage('The viewer cannot open', problem, 'bare'));
  request.log.error({ err: error }, 'viewer page failed');
  return reply.code(500).type('text/html; charset=utf-8').send(messagePage('The viewer cannot open', 'The viewer could not be opened. Please try again in a moment.', 'bare'));
}
