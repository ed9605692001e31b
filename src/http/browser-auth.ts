import { timingSafeEqual } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services/services.ts';
import type { SignInSession } from '../services/account-service.ts';
import { KNOWN_BROWSER_LIFETIME_MS, SIGN_IN_SESSION_LIFETIME_MS } from '../services/account-service.ts';
import { newSecret } from '../services/secret-token.ts';
import { HttpError } from './http-error.ts';

export const SESSION_COOKIE = 'sp_session';
/** A browser that signed in to an account before: its attempts are counted apart from strangers'. */
export const KNOWN_BROWSER_COOKIE = 'sp_known';
/** Anti-forgery cookie of forms shown before sign-in (double submit: the form carries the same value). */
export const FORM_CSRF_COOKIE = 'sp_form';
const FORGED = 'This form has expired or was sent from another site. Reload the page and try again.';

/** Cookie settings: never readable by scripts, sent on top-level navigation only, HTTPS-only on HTTPS. */
export function cookieOptions(publicBaseUrl: string, maxAgeMs?: number): { httpOnly: true; sameSite: 'lax'; secure: boolean; path: string; maxAge?: number } {
  return { httpOnly: true, sameSite: 'lax', secure: publicBaseUrl.startsWith('https:'), path: '/', ...(maxAgeMs ? { maxAge: Math.floor(maxAgeMs / 1000) } : {}) };
}

/** The signed-in browser, or undefined. */
export async function signedIn(request: FastifyRequest, services: Services): Promise<SignInSession | undefined> {
  const secret = request.cookies[SESSION_COOKIE];
  return secret ? services.accounts.signInSession(secret, services.now()) : undefined;
}

/** The key just created, for the one page that shows it (`<id>.<secret>`), kept two minutes, sent only there. */
export const NEW_KEY_COOKIE = 'sp_new_key';
const NEW_KEY_PATH = '/partner/keys/new';

/**
 * Hands a new key to the page that shows it, after the form's redirect: a reload of that page then shows
 * it no more, and never makes another key (the form's answer would be sent again).
 */
export function setNewKeyCookie(reply: FastifyReply, id: number, secret: string, publicBaseUrl: string): void {
  reply.setCookie(NEW_KEY_COOKIE, `${id}.${secret}`, { ...cookieOptions(publicBaseUrl, 120_000), sameSite: 'strict', path: NEW_KEY_PATH });
}

/** The new key the browser carries (read once: the cookie is cleared), or undefined. */
export function takeNewKeyCookie(request: FastifyRequest, reply: FastifyReply): { id: number; secret: string } | undefined {
  const value = request.cookies[NEW_KEY_COOKIE];
  if (value === undefined) return undefined;
  reply.clearCookie(NEW_KEY_COOKIE, { path: NEW_KEY_PATH });
  const match = /^(\d+)\.(\S+)$/.exec(value);
  return match ? { id: Number(match[1]), secret: match[2] } : undefined;
}

/** Sets the session cookie after sign-in. */
export function setSessionCookie(reply: FastifyReply, secret: string, publicBaseUrl: string): void {
  reply.setCookie(SESSION_COOKIE, secret, cookieOptions(publicBaseUrl, SIGN_IN_SESSION_LIFETIME_MS));
}

/** Keeps a browser known to the account it signed in to (only the sign-in form reads it). */
export function setKnownBrowserCookie(reply: FastifyReply, secret: string, publicBaseUrl: string): void {
  reply.setCookie(KNOWN_BROWSER_COOKIE, secret, { ...cookieOptions(publicBaseUrl, KNOWN_BROWSER_LIFETIME_MS), path: '/auth' });
}

/** The anti-forgery value for a form shown before sign-in, set as a cookie when the browser has none. */
export function formToken(request: FastifyRequest, reply: FastifyReply, publicBaseUrl: string): string {
  const existing = request.cookies[FORM_CSRF_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = newSecret();
  reply.setCookie(FORM_CSRF_COOKIE, token, cookieOptions(publicBaseUrl));
  return token;
}

/**
 * Refuses a form post that another site could have made: a foreign `Origin`, or an anti-forgery value
 * that does not match (the session's when signed in, the form cookie's otherwise).
 *
 * @throws HttpError 403
 */
export function checkForm(request: FastifyRequest, publicBaseUrl: string, sent: string | undefined, expected: string | undefined): void {
  const origin = request.headers.origin;
  if (origin && origin !== new URL(publicBaseUrl).origin) throw new HttpError(403, FORGED);
  if (!sent || !expected || !sameSecret(sent, expected)) throw new HttpError(403, FORGED);
}

function sameSecret(a: string, b: string): boolean {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
}
