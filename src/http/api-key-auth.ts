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
    if (!owner) throw unauthorized(INVALID_KEY);
    request.apiKeyOwner = owner;
  };
}

function unauthorized(message: string): HttpError {
  return new HttpError(401, message, {}, { 'www-authenticate': 'Bearer realm="solar-partner"' });
}
