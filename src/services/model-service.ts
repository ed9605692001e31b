import type { Kysely } from 'kysely';
import type { KeyOwner } from '../db/api-keys-repository.ts';
import type { ModelJobRow, ModelJobsRepository } from '../db/model-jobs-repository.ts';
import type { Database } from '../db/schema.ts';
import type { UsageEvent, UsageKind, UsageRepository } from '../db/usage-repository.ts';
import { modelId, normaliseArea, type ModelArea, type ModelQuality } from '../domain/model-id.ts';
import type { ModelJob, ModelJobView, ModelStatus } from '../contract/models.ts';
import { outcomeForExistingJob } from '../domain/model-job.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { WriteBehindBuffer } from './write-behind-buffer.ts';
import { BoundedCache } from './bounded-cache.ts';

/** What a model request answers: SPEC.md's short form for new jobs and cache hits, the full job otherwise. */
export type ModelRequestAnswer = { view: ModelJob; usage: UsageKind };

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
  readonly #cache = new BoundedCache<CachedJob | null>(20_000);

  constructor(deps: { db: Kysely<Database>; jobs: ModelJobsRepository; usage: UsageRepository; queue: JobQueue; cacheHits: WriteBehindBuffer<UsageEvent> }) {
    this.#cacheHits = deps.cacheHits;
    this.#db = deps.db;
    this.#jobs = deps.jobs;
    this.#usage = deps.usage;
    this.#queue = deps.queue;
  }

  /**
   * Returns the model of an area, queueing a generation when there is no fresh one. A new generation
   * is billable to the key's account; cache hits and joins onto a running job are recorded as not billable.
   *
   * @param requester - the API key that asked, or undefined for the service's own pages (not metered)
   */
  async request(quality: ModelQuality, area: ModelArea, requester: KeyOwner | undefined, now: Date): Promise<ModelRequestAnswer> {
    const normalised = normaliseArea(area);
    const id = modelId(quality, normalised);
    const known = await this.#cached(id);
    if (known && outcomeForExistingJob(known.view.status, known.completedAt, now) === 'cache_hit') {
      // The common case needs no transaction: the cache holds the ready job and changes empty it.
      if (requester) this.#cacheHits.add({ accountId: requester.accountId, apiKeyId: requester.keyId, modelId: id, kind: 'cache_hit' });
      return { view: { id, status: 'ready', modelUrl: known.view.modelUrl }, usage: 'cache_hit' };
    }
    const answer = await this.#db.transaction().execute(async (trx) => {
      const queued = await this.#jobs.queueIfNeeded(trx, id, quality, normalised, now);
      let result: ModelRequestAnswer;
      if (queued) {
        await this.#queue.enqueueGeneration(trx, { modelId: id });
        result = { view: { id, status: 'pending' }, usage: 'generation' };
      } else {
        const existing = await trx.selectFrom('model_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        const outcome = outcomeForExistingJob(existing.status as ModelStatus, existing.completed_at, now);
        result = outcome === 'cache_hit'
          ? { view: { id, status: 'ready', modelUrl: existing.model_url }, usage: 'cache_hit' }
          : { view: toView(existing), usage: 'in_progress' };
      }
      if (requester) await this.#usage.record(trx, { accountId: requester.accountId, apiKeyId: requester.keyId, modelId: id, kind: result.usage });
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
  };
}
