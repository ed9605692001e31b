import type { IrradianceProvider, PlaneIrradiation, PlaneQuery } from './irradiance-provider.ts';

/** Where cached answers are kept (the service's database); absent or expired entries read as undefined. */
export interface IrradianceCacheStore {
  get(key: string, notBefore: Date): Promise<{ irradiation: PlaneIrradiation; fetchedAt: Date } | undefined>;
  put(key: string, value: PlaneIrradiation, at: Date): Promise<void>;
}

export interface CachedIrradianceOptions {
  /** How long an answer is kept; PVGIS data are long-term averages. */
  maxAgeMs: number;
  /** Answers also kept in memory for the fastest reads. */
  memoryEntries: number;
  now: () => Date;
}

export const CACHED_IRRADIANCE_DEFAULTS: CachedIrradianceOptions = { maxAgeMs: 90 * 24 * 3600 * 1000, memoryEntries: 5000, now: () => new Date() };

/**
 * Rounds a query to what the cache distinguishes: latitude and longitude to 0.01° (about 1 km; the
 * irradiance data's own resolution is coarser), tilt and azimuth to 1°.
 */
export function cacheQuery(query: PlaneQuery): PlaneQuery {
  return {
    latitude: Math.round(query.latitude * 100) / 100,
    longitude: Math.round(query.longitude * 100) / 100,
    tiltDeg: Math.round(query.tiltDeg),
    azimuthDeg: ((Math.round(query.azimuthDeg) % 360) + 360) % 360,
  };
}

/** The cache key of a rounded query. */
export function cacheKey(query: PlaneQuery): string {
  const rounded = cacheQuery(query);
  return `${rounded.latitude.toFixed(2)}_${rounded.longitude.toFixed(2)}_${rounded.tiltDeg}_${rounded.azimuthDeg}`;
}

/**
 * An irradiance provider with a cache in front: the provider is asked for the rounded query, and its
 * answer serves every query that rounds the same way for `maxAgeMs`.
 */
export class CachedIrradianceProvider implements IrradianceProvider {
  readonly #provider: IrradianceProvider;
  readonly #store: IrradianceCacheStore;
  readonly #options: CachedIrradianceOptions;
  readonly #memory = new Map<string, { value: PlaneIrradiation; at: number }>();

  constructor(provider: IrradianceProvider, store: IrradianceCacheStore, options: Partial<CachedIrradianceOptions> = {}) {
    this.#provider = provider;
    this.#store = store;
    this.#options = { ...CACHED_IRRADIANCE_DEFAULTS, ...options };
  }

  async irradiation(query: PlaneQuery): Promise<PlaneIrradiation> {
    const key = cacheKey(query);
    const now = this.#options.now();
    const notBefore = now.getTime() - this.#options.maxAgeMs;
    const remembered = this.#memory.get(key);
    if (remembered && remembered.at >= notBefore) return remembered.value;
    const stored = await this.#store.get(key, new Date(notBefore));
    if (stored) {
      this.#remember(key, stored.irradiation, stored.fetchedAt.getTime());
      return stored.irradiation;
    }
    const fresh = await this.#provider.irradiation(cacheQuery(query));
    await this.#store.put(key, fresh, now);
    this.#remember(key, fresh, now.getTime());
    return fresh;
  }

  #remember(key: string, value: PlaneIrradiation, at: number): void {
    if (this.#memory.size >= this.#options.memoryEntries) this.#memory.delete(this.#memory.keys().next().value!);
    this.#memory.set(key, { value, at });
  }
}
