import type { Account } from '../db/accounts-repository.ts';
import type { ApiKeySummary, ApiKeysRepository } from '../db/api-keys-repository.ts';
import { API_KEY_PREFIX, hashApiKey } from '../domain/api-key.ts';
import { InvalidRequestError } from '../domain/invalid-request-error.ts';
import { NotAllowedError } from '../domain/not-allowed-error.ts';
import { planAllowsApi } from '../domain/plans.ts';
import { siteOrigin } from '../domain/site-origin.ts';
import type { ApiKeyAuthenticator } from './api-key-authenticator.ts';

/** Sites one key may be embedded on. */
export const MAX_ORIGINS_PER_KEY = 20;

/**
 * Who creates a key: the partner in the portal (needs the Business plan and a confirmed address), or
 * the operator with the CLI (may prepare a key that works once the account is on Business).
 */
export type KeyCreator = 'partner' | 'operator';

/** An allowed site that is not a site address; `value` is what was given. */
export class InvalidOriginError extends InvalidRequestError {
  readonly value: string;
  constructor(value: string) {
    super(`“${value}” is not a site address. Write one address per line, starting with https://, such as https://www.your-site.example.`);
    this.value = value;
  }
}

/**
 * The rules of API keys, for the Partner Portal and the CLI alike: who may create one, its allowed
 * sites (at most 20, as origins), revocation. Every change empties this instance's key cache at once;
 * other instances hear of it through the database.
 */
export class ApiKeyService {
  readonly #keys: ApiKeysRepository;
  readonly #authenticator: ApiKeyAuthenticator | undefined;

  /** @param deps.authenticator - the key cache of a serving process (none in the CLI) */
  constructor(deps: { keys: ApiKeysRepository; authenticator?: ApiKeyAuthenticator }) {
    this.#keys = deps.keys;
    this.#authenticator = deps.authenticator;
  }

  list(accountId: number): Promise<ApiKeySummary[]> {
    return this.#keys.list(accountId);
  }

  /** The account's key with this id when it is still active. */
  async findActive(accountId: number, keyId: number): Promise<ApiKeySummary | undefined> {
    return (await this.#keys.list(accountId)).find((key) => key.id === keyId && !key.revokedAt);
  }

  /**
   * Creates a key; the returned secret is the only copy.
   *
   * @throws NotAllowedError when a partner's account is not on Business or its address is unconfirmed
   * @throws InvalidRequestError for an empty name
   */
  async create(account: Account, name: string, by: KeyCreator): Promise<{ secret: string; summary: ApiKeySummary }> {
    const trimmed = name.trim();
    if (by === 'partner') {
      if (!planAllowsApi(account.plan)) throw new NotAllowedError('API keys need the Business plan.');
      if (!account.emailVerified) throw new NotAllowedError('Confirm your e-mail address first: open the link we sent you.');
    }
    if (trimmed === '') throw new InvalidRequestError('Give the key a name, e.g. “website”.');
    return this.#keys.create(account.id, trimmed);
  }

  /** Revokes one of the account's keys; false when it does not exist or is revoked already. */
  async revoke(accountId: number, keyId: number, now: Date): Promise<boolean> {
    const revoked = await this.#keys.revokeForAccount(accountId, keyId, now);
    this.#authenticator?.invalidate();
    return revoked;
  }

  /**
   * Revokes the key given whole, or every active key with the display prefix (operator).
   *
   * @throws InvalidRequestError when the text is neither a key nor a prefix
   * @returns how many keys were revoked
   */
  async revokeMatching(keyOrPrefix: string): Promise<number> {
    const prefix = keyOrPrefix.replace(/…$/, '');
    if (!prefix.startsWith(API_KEY_PREFIX) || prefix.length < API_KEY_PREFIX.length + 8) {
      throw new InvalidRequestError(`Give the whole key or its prefix as "keys list" shows it (${API_KEY_PREFIX} and 8 characters)`);
    }
    const match = prefix.length > API_KEY_PREFIX.length + 8 ? { hash: hashApiKey(prefix) } : { prefix };
    const count = await this.#keys.revoke(match);
    this.#authenticator?.invalidate();
    return count;
  }

  /**
   * Sets the sites one of the account's keys may be embedded on; false when the key does not exist.
   *
   * @throws InvalidOriginError, InvalidRequestError (see {@link allowedOrigins})
   */
  async setAllowedOrigins(accountId: number, keyId: number, sites: string[]): Promise<boolean> {
    const saved = await this.#keys.setAllowedOriginsForAccount(accountId, keyId, allowedOrigins(sites));
    this.#authenticator?.invalidate();
    return saved;
  }

  /** The same for the key with this display prefix (operator); the saved origins, or undefined when there is no such key. */
  async setAllowedOriginsByPrefix(prefix: string, sites: string[]): Promise<string[] | undefined> {
    const origins = allowedOrigins(sites);
    const saved = await this.#keys.setAllowedOrigins(prefix.replace(/…$/, ''), origins);
    this.#authenticator?.invalidate();
    return saved ? origins : undefined;
  }
}

/**
 * The origins of typed site addresses, without repeats.
 *
 * @throws InvalidOriginError for the first entry that is not an http(s) address
 * @throws InvalidRequestError for more than {@link MAX_ORIGINS_PER_KEY} entries
 */
export function allowedOrigins(sites: string[]): string[] {
  const bad = sites.find((site) => !siteOrigin(site));
  if (bad !== undefined) throw new InvalidOriginError(bad);
  if (sites.length > MAX_ORIGINS_PER_KEY) throw new InvalidRequestError(`At most ${MAX_ORIGINS_PER_KEY} sites per key.`);
  return [...new Set(sites.map((site) => siteOrigin(site)!))];
}
