import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { clientErrorAnswer } from '../error-mapping.ts';
import { requestValidationMessage } from '../errors-plugin.ts';
import { messagePage } from './layout.ts';

/** Sends a site page; pages show a signed-in person's data, so no cache keeps them. */
export function sendPage(reply: FastifyReply, body: string, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/**
 * Errors of the site's pages as pages: a form that fails its schema (a missing or too-long field), a
 * refused form (forgery checks), a body the forms never send (too large: 413, another type: 415), or
 * anything else (logged).
 */
export async function sendSitePageError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  if (error.validation) return sendPage(reply, messagePage('Please check the form', `${formProblem(error, request)}. Go back and try again.`), 400);
  // Oversized bodies, other content types (multipart, text): the framework's errors, said for a form.
  const known = await clientErrorAnswer(error, request, 'application/x-www-form-urlencoded, as the site\'s forms do');
  if (known) return sendPage(reply, messagePage('The form could not be sent', known.message), known.status);
  // Refused forms (forgery checks) and other errors meant for the sender.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return sendPage(reply, messagePage('The form could not be sent', error.message), error.statusCode);
  request.log.error({ err: error, url: request.url }, 'site page failed');
  return sendPage(reply, messagePage('Something went wrong', 'Please try again in a moment.'), 500);
}

/**
 * What is wrong with a form, as the API would say it (`name must be at most 100 characters`). The forms'
 * own checks come first in a browser, so this is met by forms sent some other way; the forgery token is
 * named as the page's, which a reload renews.
 */
function formProblem(error: FastifyError, request: FastifyRequest): string {
  const message = requestValidationMessage(error, request);
  return message.startsWith('_csrf ') ? 'The page’s security token is missing or damaged; reload the page and send the form again' : message;
}
