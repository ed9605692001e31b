import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { messagePage } from './layout.ts';

/** Sends a site page; pages show a signed-in person's data, so no cache keeps them. */
export function sendPage(reply: FastifyReply, body: string, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/**
 * Errors of the site's pages as pages: a form that fails its schema (a missing or too-long field), a
 * refused form (forgery checks), or anything else (logged).
 */
export function sendSitePageError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.validation) return sendPage(reply, messagePage('Please check the form', 'A field is missing or too long. Go back and try again.'), 400);
  if (error.statusCode === 403) return sendPage(reply, messagePage('The form could not be sent', error.message), 403);
  request.log.error({ err: error, url: request.url }, 'site page failed');
  return sendPage(reply, messagePage('Something went wrong', 'Please try again in a moment.'), 500);
}
