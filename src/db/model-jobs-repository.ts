import type { Kysely, Selectable } from 'kysely';
import type { ModelArea, ModelQuality } from '../domain/model-id.ts';
import { FAILED_STEP_PREFIX, type ModelStatus } from '../contract/models.ts';
import { freshnessCutoff } from '../domain/model-job.ts';
import { announceChange } from './database.ts';
import type { Database, ModelJobsTable } from './schema.ts';

export type ModelJobRow = Selectable<ModelJobsTable>;

/** Model jobs: one row per model identifier, holding the state SPEC.md reports. */
export class ModelJobsRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** @param db - a transaction to read in, when the caller holds one */
  async find(id: string, db: Kysely<Database> = this.#db): Promise<ModelJobRow | undefined> {
    return db.selectFrom('model_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Puts a job in the `pending` state when there is none for the identifier, or when the last one failed
   * or its model is older than the cache lifetime. Running and fresh jobs are left alone.
   *
   * @returns the queued row, or undefined when an existing job stays as it is
   */
  async queueIfNeeded(db: Kysely<Database>, id: string, quality: ModelQuality, area: ModelArea, now: Date): Promise<ModelJobRow | undefined> {
    // The same rule as outcomeForExistingJob: a model completed at or before the cutoff is expired.
    const cutoff = freshnessCutoff(now);
    const fresh = { status: 'pending', buildings: null, failure_reason: null, progress: null, step: 'Waiting for a worker', model_url: null, object_key: null, error: null, attempts: 0, requested_at: now, started_at: null, completed_at: null, updated_at: now } as const;
    const row = await db
      .insertInto('model_jobs')
      .values({ id, quality, latitude: area.latitude, longitude: area.longitude, radius_km: area.radiusKm, ...fresh })
      .onConflict((c) =>
        c
          .column('id')
          .doUpdateSet(fresh)
          .where((eb) => eb.or([eb('model_jobs.status', '=', 'failed'), eb.and([eb('model_jobs.status', '=', 'ready'), eb('model_jobs.completed_at', '<=', cutoff)])])),
      )
      .returningAll()
      .executeTakeFirst();
    if (row) await announceChange(db, `model:${id}`);
    return row;
  }

  /** A worker took the job: `processing`, progress 0, attempt counted. */
  async markProcessing(id: string, attempt: number, now: Date): Promise<void> {
    await this.#update(id, { status: 'processing', progress: 0, step: 'Starting', attempts: attempt, started_at: now, error: null, failure_reason: null, updated_at: now });
  }

  async reportProgress(id: string, progress: number, step: string, now: Date): Promise<void> {
    await this.#update(id, { progress, step, updated_at: now }, 'processing');
  }

  /** @param buildings - how many buildings the model holds, when the generator said */
  async markReady(id: string, modelUrl: string, objectKey: string, now: Date, buildings: number | null = null): Promise<void> {
    await this.#update(id, { status: 'ready', progress: 100, step: null, model_url: modelUrl, object_key: objectKey, error: null, completed_at: now, updated_at: now, buildings });
  }

  /** An attempt failed and another will follow: back to `pending`, with the reason as the step. */
  async markRetrying(id: string, reason: string, now: Date): Promise<void> {
    await this.#update(id, { status: 'pending', progress: null, step: `Retrying after an error: ${reason}`, error: reason, updated_at: now });
  }

  /**
   * @param failureReason - when another request would fail the same way, why (`outside_map_data`)
   * @param db - a transaction to write in, when the caller holds one
   */
  async markFailed(id: string, reason: string, now: Date, failureReason: string | null = null, db: Kysely<Database> = this.#db): Promise<void> {
    await this.#update(id, { status: 'failed', progress: null, step: `${FAILED_STEP_PREFIX}${reason}`, error: reason, failure_reason: failureReason, completed_at: now, updated_at: now }, undefined, db);
  }

  async #update(id: string, values: Partial<Omit<ModelJobRow, 'id'>>, onlyWhen?: ModelStatus, db: Kysely<Database> = this.#db): Promise<void> {
    let query = db.updateTable('model_jobs').set(values).where('id', '=', id);
    if (onlyWhen) query = query.where('status', '=', onlyWhen);
    await query.execute();
    // In a transaction, the notice goes out when it commits.
    await announceChange(db, `model:${id}`);
  }
}
