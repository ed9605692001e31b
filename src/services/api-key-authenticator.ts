import type { ApiKeysRepository, KeyOwner } from '../db/api-keys-repository.ts';
import { hashApiKey } from '../domain/api-key.ts';
import { planAllowsApi } from '../domain/plans.ts';
import { BoundedCache } from './bounded-cache.ts';

/** Key uses are written together at most this often; "last used" is shown to the minute. */
const LAST_USED_FLUSH_MS = 10_000;

/**
 * Checks API keys. Answers come from a cache that any change to keys or plans empties (on every
 * instance), so a revoked key fails at once while the hot path stays off the database.
 */
export class ApiKeyAuthenticator {
  readonly #keys: ApiKeysRepository;
  readonly #cache = new BoundedCache<KeyOwner | null>(200_000);
  #uses = new Map<number, Date>();
  #timer: NodeJS.Timeout | undefined;
  readonly #onError: (error: Error) => void;

  constructor(keys: ApiKeysRepository, onError: (error: Error) => void) {
    this.#keys = keys;
    this.#onError = onError;
  }

  /** The owner of a working key (not revoked, account on a plan with API access), or undefined. */
  async authenticate(secret: string, now: Date): Promise<KeyOwner | undefined> {
    const owner = await this.#owner(secret);
    if (!owner || owner.revoked || !planAllowsApi(owner.plan)) return undefined;
    this.#noteUse(owner.keyId, now);
    return owner;
  }

  /**
   * Why a refused key is refused, when the reason is its account's plan: the plan's name for a key that
   * exists and is not revoked but whose account has no API access (a Free or Pro account, or a lapsed
   * Business one); undefined otherwise. Only the key's holder learns it.
   */
  async planWithoutApi(secret: string): Promise<string | undefined> {
    const owner = await this.#owner(secret);
    return owner && !owner.revoked && !planAllowsApi(owner.plan) ? owner.plan : undefined;
  }

  async #owner(secret: string): Promise<KeyOwner | null> {
    const hash = hashApiKey(secret);
    let owner = this.#cache.get(hash);
    if (owner === undefined) {
      owner = (await this.#keys.findOwnerByHash(hash)) ?? null;
      this.#cache.set(hash, owner);
    }
    return owner;
  }

  /**
   * Reads the keys into the cache at once (up to 100,000), so that a key's first request needs no read
   * either; any change to keys or plans reloads them. For the embedded database, whose reads run on the
   * event loop's thread. Unknown keys are still looked up, so a key created a moment ago works at once.
   */
  async loadAll(): Promise<void> {
    this.#loadAll = true;
    await this.#reload();
  }
  #loadAll = false;

  /** Counts reloads, so that a slow reload never overwrites the answer of a newer one. */
  #generation = 0;

  async #reload(): Promise<void> {
    const generation = ++this.#generation;
    this.#cache.clear();
    const all = await this.#keys.allOwners();
    if (generation !== this.#generation) return;
    for (const { hash, owner } of all.slice(0, 100_000)) this.#cache.set(hash, owner);
  }

  /** Forgets every cached answer; called when keys or plans change anywhere. */
  invalidate(): void {
    this.#generation += 1;
    this.#cache.clear();
    if (this.#loadAll) this.#reload().catch(this.#onError);
  }

  #noteUse(keyId: number, now: Date): void {
    this.#uses.set(keyId, now);
    if (!this.#timer) {
      this.#timer = setTimeout(() => void this.flush(), LAST_USED_FLUSH_MS);
      this.#timer.unref();
    }
  }

  /** Writes the "last used" times noted since the last write (also called on shutdown). */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const uses = this.#uses;
    this.#uses = new Map();
    await this.#keys.touchLastUsed(uses).catch(this.#onError);
  }
}
