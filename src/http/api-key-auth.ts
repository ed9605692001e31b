import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KeyOwner } from '../db/api-keys-repository.ts';
import type { ApiKeyAuthenticator } from '../services/api-key-authenticator.ts';
import { HttpError } from './http-error.ts';

export const MISSING_AUTHORIZATION = 'Missing Authorization header';
export const INVALID_KEY = 'Invalid or revoked API key';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key's owner, set by the API-key hook on routes that require a key. */
    apiKeyOwner?: KeyOwner;
  }
}

/**
 * An `onRequest` hook for `Authorization: Bearer <key>`. It runs before the body is read or validated,
 * so unauthenticated callers learn nothing about the body's rules and cannot use a partner's quota.
 */
export function bearerKeyHook(authenticator: ApiKeyAuthenticator, now: () => Date) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') throw unauthorized(MISSING_AUTHORIZATION);
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const owner = match ? await authenticator.authenticate(match[1], now()) : undefined;
    if (!owner) {
      if (!match) throw unauthorized(INVALID_KEY, { hint: schemeHint(header) });
      const plan = await authenticator.planWithoutApi(match[1]);
      throw unauthorized(INVALID_KEY, plan === undefined ? {} : { hint: planHint(plan) });
    }
    request.apiKeyOwner = owner;
  };
}

/** What the holder of a key on an account without API access is told beside SPEC.md's message. */
export function planHint(plan: string): string {
  return `This key's account is on the ${plan} plan; the API and the embedded viewer need the Business plan, which the account's owner can choose in the Partner Portal.`;
}

/**
 * What a caller whose header is not `Bearer <key>` is told beside SPEC.md's message: the key itself may be
 * right (sent bare, or as Basic credentials), and "revoked" would send them looking for the wrong fault.
 */
export function schemeHint(header: string): string {
  const scheme = /^\s*(\S+)\s+\S/.exec(header)?.[1];
  const sent = /^\s*bearer\s*$/i.test(header) ? 'holds no key after "Bearer"' : scheme ? `was sent with the ${JSON.stringify(scheme.slice(0, 20))} scheme` : 'was sent without "Bearer "';
  return `The Authorization header must be "Bearer <API_KEY>"; it ${sent}.`;
}

function unauthorized(message: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(401, message, extra, { 'www-authenticate': 'Bearer realm="solar-partner"' });
}
