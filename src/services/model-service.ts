import type { Kysely } from 'kysely';
import type { KeyOwner } from '../db/api-keys-repository.ts';
import type { ModelJobRow, ModelJobsRepository } from '../db/model-jobs-repository.ts';
import type { Database } from '../db/schema.ts';
import type { UsageEvent, UsageKind, UsageRepository } from '../db/usage-repository.ts';
import { modelId, normaliseArea, type ModelArea, type ModelQuality } from '../domain/model-id.ts';
import { NO_BUILDINGS, NO_BUILDINGS_MESSAGE, OUTSIDE_MAP_DATA, type ModelJob, type ModelJobView, type ModelMetadata, type ModelStatus } from '../contract/models.ts';
import { outcomeForExistingJob } from '../domain/model-job.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { WriteBehindBuffer } from './write-behind-buffer.ts';
import { BoundedCache } from './bounded-cache.ts';
import type { RateLimitState } from '../domain/rate-limited-error.ts';
import { consumeRateLimit, HOUR_MS, type RateLimiter, type RateLimitRule } from './rate-limiter.ts';

/** SPEC.md: 10 model requests per hour per API key. */
export const MODEL_REQUESTS_PER_HOUR = 10;
export const MODEL_RATE_LIMIT_MESSAGE = 'Rate limit exceeded. Maximum 10 generations per hour.';

/**
 * Keyless viewer pages may start this many new SD generations per hour from one address. Opening models
 * that exist, reading status and pages themselves are never limited (SPEC.md); this only stops the page
 * route from serving as a free generation API.
 */
export const VIEWER_GENERATIONS_PER_HOUR = 30;
const viewerGenerationLimitMessage = (from: string) => `Too many new models requested from this ${from}. Maximum ${VIEWER_GENERATIONS_PER_HOUR} new models per hour; models that already exist open at once.`;

/**
 * Who asks for a model, which decides the limit and the metering:
 * - `partner-api`: the partner API with a key; every request counts against the key's hourly limit and is metered;
 * - `keyless-page`: a viewer page without key or Pro sign-in; only requests that start a generation count,
 *   against the address's hourly limit;
 * - `embed`: a partner's embed with its key; a request that starts a generation (a new place, e.g. an
 *   address a visitor searched) counts against the visitor address's hourly limit, as for keyless pages,
 *   and is recorded as the key's usage (`visitor_place`, not billable);
 * - `pro-page`: a signed-in Pro visitor's viewer page (HD); requests that start a generation count against
 *   the account's hourly limit, as a visitor address's do;
 * - `page`: an agent session's link (its sessions are limited when made): neither limited nor metered;
 * - `operator`: the operator's pre-generation of an area: neither limited nor metered, short answers.
 */
export type ModelRequester = { kind: 'partner-api'; owner: KeyOwner } | { kind: 'keyless-page'; ip: string } | { kind: 'embed'; owner: KeyOwner; ip: string } | { kind: 'pro-page'; accountId: number } | { kind: 'page' } | { kind: 'operator' };

/**
 * What a model request answers: SPEC.md's short form for new jobs and cache hits to the partner API,
 * the full job to pages; how it was metered; the limit's state where one was counted.
 */
export type ModelRequestAnswer = { view: ModelJob; usage: UsageKind; rateLimit?: RateLimitState };

/**
 * Model requests and status reads: finds or queues the job for an area, meters the request, and serves
 * status reads from a cache that job updates empty.
 */
export class ModelService {
  readonly #db: Kysely<Database>;
  readonly #jobs: ModelJobsRepository;
  readonly #usage: UsageRepository;
  readonly #queue: JobQueue;
  readonly #cacheHits: WriteBehindBuffer<UsageEvent>;
  readonly #limits: RateLimiter;
  readonly #cache = new BoundedCache<CachedJob | null>(20_000);

  constructor(deps: { db: Kysely<Database>; jobs: ModelJobsRepository; usage: UsageRepository; queue: JobQueue; cacheHits: WriteBehindBuffer<UsageEvent>; limits: RateLimiter }) {
    this.#limits = deps.limits;
    this.#cacheHits = deps.cacheHits;
    this.#db = deps.db;
    this.#jobs = deps.jobs;
    this.#usage = deps.usage;
    this.#queue = deps.queue;
  }

  /**
   * Returns the model of an area, queueing a generation when there is no fresh one (SPEC.md: a ready
   * model younger than 30 days is served; a failed or older one is generated again). The requester's
   * limit is applied first; a partner's new generation is billable, cache hits and joins onto a running
   * job are recorded as not billable.
   *
   * @throws RateLimitedError when the requester's hourly limit is reached (nothing is queued)
   */
  async request(quality: ModelQuality, area: ModelArea, requester: ModelRequester, now: Date): Promise<ModelRequestAnswer> {
    const normalised = normaliseArea(area);
    const id = modelId(quality, normalised);
    let rateLimit: RateLimitState | undefined;
    if (requester.kind === 'partner-api') {
      rateLimit = await consumeRateLimit(this.#limits, { bucket: `models:key:${requester.owner.keyId}`, limit: MODEL_REQUESTS_PER_HOUR, windowMs: HOUR_MS, message: MODEL_RATE_LIMIT_MESSAGE }, now);
    } else if ((requester.kind === 'keyless-page' || requester.kind === 'embed') && (await this.#wouldGenerate(id, now))) {
      await consumeRateLimit(this.#limits, visitorGenerationRule(`ip:${requester.ip}`), now);
    } else if (requester.kind === 'pro-page' && (await this.#wouldGenerate(id, now))) {
      await consumeRateLimit(this.#limits, visitorGenerationRule(`account:${requester.accountId}`), now);
    }
    const answer = await this.#find(id, quality, normalised, meterFor(requester), now);
    if (requester.kind === 'partner-api') return { ...answer, rateLimit };
    if (requester.kind === 'operator') return answer;
    // Pages show the whole job (step and progress) from the first answer on.
    return { ...answer, view: (await this.read(id)) ?? answer.view };
  }

  /** Whether a request for this model now would start a generation (none yet, failed, or expired). */
  async #wouldGenerate(id: string, now: Date): Promise<boolean> {
    const known = await this.#cached(id);
    return known === undefined || outcomeForExistingJob(known.view.status, known.completedAt, now) === 'regenerate';
  }

  async #find(id: string, quality: ModelQuality, normalised: ModelArea, meter: Meter | undefined, now: Date): Promise<ModelRequestAnswer> {
    const known = await this.#cached(id);
    const requester = meter?.owner;
    if (known && outcomeForExistingJob(known.view.status, known.completedAt, now) === 'cache_hit') {
      // The common case needs no transaction: the cache holds the ready job and changes empty it.
      if (requester && !meter.newPlacesOnly) this.#cacheHits.add({ accountId: requester.accountId, apiKeyId: requester.keyId, modelId: id, kind: 'cache_hit' });
      return { view: { id, status: 'ready', modelUrl: known.view.modelUrl }, usage: 'cache_hit' };
    }
    const answer = await this.#db.transaction().execute(async (trx) => {
      const queued = await this.#jobs.queueIfNeeded(trx, id, quality, normalised, now);
      let result: ModelRequestAnswer;
      if (queued) {
        await this.#queue.enqueueGeneration(trx, { modelId: id });
        result = { view: { id, status: 'pending' }, usage: 'generation' };
      } else {
        const existing = (await this.#jobs.find(id, trx))!;
        const outcome = outcomeForExistingJob(existing.status as ModelStatus, existing.completed_at, now);
        result = outcome === 'cache_hit'
          ? { view: { id, status: 'ready', modelUrl: existing.model_url }, usage: 'cache_hit' }
          : { view: toView(existing), usage: 'in_progress' };
      }
      if (requester && !meter.newPlacesOnly) await this.#usage.record(trx, { accountId: requester.accountId, apiKeyId: requester.keyId, modelId: id, kind: result.usage });
      else if (requester && result.usage === 'generation') await this.#usage.record(trx, { accountId: requester.accountId, apiKeyId: requester.keyId, modelId: id, kind: 'visitor_place' });
      return result;
    });
    this.#cache.delete(id);
    return answer;
  }

  /** The job's state as SPEC.md reports it, or undefined when no such model exists. */
  async read(id: string): Promise<ModelJobView | undefined> {
    return (await this.#cached(id))?.view;
  }

  async #cached(id: string): Promise<CachedJob | undefined> {
    const cached = this.#cache.get(id);
    if (cached !== undefined) return cached ?? undefined;
    const row = await this.#jobs.find(id);
    const job = row ? { view: toView(row), completedAt: row.completed_at } : null;
    this.#cache.set(id, job);
    return job ?? undefined;
  }

  /** Forgets a cached job; called when the job changes on any instance. */
  invalidate(id: string): void {
    this.#cache.delete(id);
  }
}

/** Whose usage a request is recorded as: every request of the partner API, only new places of an embed. */
interface Meter {
  owner: KeyOwner;
  newPlacesOnly: boolean;
}

function meterFor(requester: ModelRequester): Meter | undefined {
  if (requester.kind === 'partner-api') return { owner: requester.owner, newPlacesOnly: false };
  if (requester.kind === 'embed') return { owner: requester.owner, newPlacesOnly: true };
  return undefined;
}

/**
 * The one limit on new generations asked for by visitors of the service's pages (keyless pages and
 * partners' embeds alike per visitor address, `ip:…`; signed-in Pro visitors per account, `account:…`).
 */
export function visitorGenerationRule(visitor: `ip:${string}` | `account:${number}`): RateLimitRule {
  const message = viewerGenerationLimitMessage(visitor.startsWith('ip:') ? 'address' : 'account');
  return { bucket: `viewer-models:${visitor}`, limit: VIEWER_GENERATIONS_PER_HOUR, windowMs: HOUR_MS, message };
}

/** A job as the cache keeps it: the public view and when it completed (for the cache lifetime). */
interface CachedJob {
  view: ModelJobView;
  completedAt: Date | null;
}

/** The public fields of a job row (SPEC.md "Model job"). */
export function toView(row: ModelJobRow): ModelJobView {
  const status = row.status as ModelStatus;
  return {
    id: row.id,
    status,
    modelUrl: status === 'ready' ? row.model_url : null,
    progress: status === 'processing' || status === 'ready' ? (row.progress ?? 0) : null,
    step: status === 'ready' ? null : row.step,
    ...(status === 'ready' && row.buildings !== null ? { metadata: modelMetadata(row.buildings) } : {}),
    ...(status === 'failed' && row.failure_reason === OUTSIDE_MAP_DATA ? { metadata: { reason: OUTSIDE_MAP_DATA, message: row.error ?? '' } } : {}),
  };
}

/** A ready model's metadata: its building count, and why it is empty when it holds none. */
function modelMetadata(buildings: number): ModelMetadata {
  return buildings === 0 ? { buildings, reason: NO_BUILDINGS, message: NO_BUILDINGS_MESSAGE } : { buildings };
}
