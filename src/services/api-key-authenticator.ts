import type { ApiKeysRepository, KeyOwner } from '../db/api-keys-repository.ts';
import { hashApiKey } from '../domain/api-key.ts';
import { planAllowsApi } from '../domain/plans.ts';
import { BoundedCache } from './bounded-cache.ts';

/** How often a key's "last used" time is written, at most. */
const LAST_USED_WRITE_INTERVAL_MS = 60_000;

/**
 * Checks API keys. Answers come from a cache that any change to keys or plans empties (on every
 * instance), so a revoked key fails at once while the hot path stays off the database.
 */
export class ApiKeyAuthenticator {
  readonly #keys: ApiKeysRepository;
  readonly #cache = new BoundedCache<KeyOwner | null>(10_000);
  readonly #lastUsedWrites = new Map<number, number>();
  readonly #onError: (error: Error) => void;

  constructor(keys: ApiKeysRepository, onError: (error: Error) => void) {
    this.#keys = keys;
    this.#onError = onError;
  }

  /** The owner of a working key (not revoked, account on a plan with API access), or undefined. */
  async authenticate(secret: string, now: Date): Promise<KeyOwner | undefined> {
    const hash = hashApiKey(secret);
    let owner = this.#cache.get(hash);
    if (owner === undefined) {
      owner = (await this.#keys.findOwnerByHash(hash)) ?? null;
      this.#cache.set(hash, owner);
    }
    if (!owner || owner.revoked || !planAllowsApi(owner.plan)) return undefined;
    this.#noteUse(owner.keyId, now);
    return owner;
  }

  /** Forgets every cached answer; called when keys or plans change anywhere. */
  invalidate(): void {
    this.#cache.clear();
  }

  #noteUse(keyId: number, now: Date): void {
    const last = this.#lastUsedWrites.get(keyId) ?? 0;
    if (now.getTime() - last < LAST_USED_WRITE_INTERVAL_MS) return;
    this.#lastUsedWrites.set(keyId, now.getTime());
    this.#keys.touchLastUsed(keyId, now).catch(this.#onError);
  }
}
