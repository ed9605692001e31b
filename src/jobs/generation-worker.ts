import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { JobWithMetadata } from 'pg-boss';
import { Piscina } from 'piscina';
import type { ModelJobsRepository } from '../db/model-jobs-repository.ts';
import type { Database } from '../db/schema.ts';
import type { UsageRepository } from '../db/usage-repository.ts';
import type { GeneratedModel, GeneratorSources, ProgressReport } from '../modelgen/index.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { GenerationTask, PermanentFailure } from './generation-thread.ts';
import { GENERATE_MODEL_DEAD_QUEUE, GENERATE_MODEL_QUEUE, GENERATION_EXPIRE_SECONDS, type GenerateModelJob, type JobQueue } from './queue.ts';

/** The smallest interface of a logger this module writes to (pino's). */
export interface WorkerLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface GenerationWorkerOptions {
  /** The database, for writes that go together (a failed job and its unbilled request). */
  db: Kysely<Database>;
  queue: JobQueue;
  jobs: ModelJobsRepository;
  /** Metering: a failed generation is not billed. */
  usage: UsageRepository;
  store: ObjectStore;
  logger: WorkerLogger;
  sources: GeneratorSources;
  /** How many models this process builds at once (one thread each). */
  concurrency: number;
  /** Module exporting `generateModel`; the product's generator unless a test gives its own. */
  generatorModule?: string;
  /** Longest one attempt may build (ms); default: as long as the queue lets an attempt run. */
  timeLimitMs?: number;
  now?: () => Date;
}

const DEFAULT_GENERATOR = new URL('../modelgen/index.ts', import.meta.url).href;
/** Progress is written at most this often, plus on every change of step. */
const PROGRESS_WRITE_INTERVAL_MS = 500;

/**
 * Takes generation jobs from the queue and builds each model in a worker thread: marks the job
 * `processing`, reports progress, stores the GLB and marks it `ready`; on errors it lets the queue retry
 * and marks the job `failed` after the last attempt, or at once when another attempt cannot mend it (a
 * place outside the map data). Jobs of workers that died are retried by the queue
 * when their heartbeat lapses, and end in the dead-letter queue, which marks them `failed`.
 */
export class GenerationWorker {
  readonly #options: GenerationWorkerOptions;
  readonly #pool: Piscina;
  readonly #now: () => Date;

  constructor(options: GenerationWorkerOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
    this.#pool = new Piscina({
      filename: fileURLToPath(new URL('./generation-thread.ts', import.meta.url)),
      maxThreads: Math.max(1, options.concurrency),
      minThreads: 0,
      idleTimeout: 60_000,
    });
  }

  async start(): Promise<void> {
    const { boss } = this.#options.queue;
    await boss.work(
      GENERATE_MODEL_QUEUE,
      // Between fetches each slot waits out the polling second, which would cap a worker at one model a
      // second per slot: while a backlog waits (a pre-generated area), it fetches again at once.
      { includeMetadata: true, localConcurrency: this.#options.concurrency, pollingIntervalSeconds: 1, burstWhenReadyExceeds: 1 },
      async ([job]: JobWithMetadata<GenerateModelJob>[]) => this.#generate(job),
    );
    await boss.work(GENERATE_MODEL_DEAD_QUEUE, { includeMetadata: true, pollingIntervalSeconds: 2 }, async ([job]: JobWithMetadata<GenerateModelJob>[]) => this.#giveUp(job));
  }

  async #generate(job: JobWithMetadata<GenerateModelJob>): Promise<void> {
    const { modelId } = job.data;
    const row = await this.#options.jobs.find(modelId);
    if (!row) return;
    const attempt = job.retryCount + 1;
    const log = this.#options.logger;
    await this.#options.jobs.markProcessing(modelId, attempt, this.#now());
    log.info({ modelId, attempt }, 'model generation started');
    const started = Date.now();
    try {
      const result = await this.#runInThread(modelId, {
        latitude: row.latitude,
        longitude: row.longitude,
        radiusKm: row.radius_km,
        quality: row.quality as 'hd' | 'sd',
        sources: this.#options.sources,
      });
      if ('permanentFailure' in result) {
        // Another attempt would give the same answer: failed at once, and the queue's job is done.
        log.warn({ modelId, attempt, reason: result.permanentFailure }, 'model generation failed; not retried');
        await this.#fail(modelId, result.permanentFailure, result.failureReason);
        return;
      }
      const { glb, summary } = result;
      await this.#options.jobs.reportProgress(modelId, 99, 'Uploading the model', this.#now());
      const digest = createHash('sha256').update(glb).digest('hex').slice(0, 16);
      const objectKey = `models/${modelId}/${digest}.glb`;
      await this.#options.store.put(objectKey, glb, 'model/gltf-binary');
      await this.#options.jobs.markReady(modelId, this.#options.store.publicUrl(objectKey), objectKey, this.#now(), typeof summary.buildings === 'number' ? summary.buildings : null);
      log.info({ modelId, attempt, ms: Date.now() - started, ...summary }, 'model generation finished');
      if (summary.firstRoofFallback) log.warn({ modelId, roofFallbacks: summary.roofFallbacks, example: summary.firstRoofFallback }, 'some roofs were drawn flat');
    } catch (error) {
      const reason = (error as Error).message || String(error);
      const last = job.retryCount >= job.retryLimit;
      log.warn({ modelId, attempt, last, reason }, 'model generation attempt failed');
      if (last) await this.#fail(modelId, reason);
      else await this.#options.jobs.markRetrying(modelId, reason, this.#now());
      throw error;
    }
  }

  async #runInThread(modelId: string, request: GenerationTask['request']): Promise<GeneratedModel | PermanentFailure> {
    const { port1, port2 } = new MessageChannel();
    let lastWrite = 0;
    let lastStep = '';
    let writing = Promise.resolve();
    port1.on('message', (report: ProgressReport) => {
      const now = Date.now();
      if (report.step === lastStep && now - lastWrite < PROGRESS_WRITE_INTERVAL_MS) return;
      const progress = Math.max(0, Math.min(98, Math.round(report.progress)));
      lastWrite = now;
      if (report.step !== lastStep) this.#options.logger.info({ modelId, progress }, `model generation: ${report.step}`);
      lastStep = report.step;
      writing = writing.then(() => this.#options.jobs.reportProgress(modelId, progress, report.step, this.#now())).catch(() => {});
    });
    try {
      const task: GenerationTask = { request, generatorModule: this.#options.generatorModule ?? DEFAULT_GENERATOR, progressPort: port2 };
      // A model that never finishes would hold its thread, and the worker's slot, after the queue has given
      // the attempt up: the thread is stopped at the same limit.
      const limitMs = this.#options.timeLimitMs ?? GENERATION_EXPIRE_SECONDS * 1000;
      return (await this.#pool.run(task, { transferList: [port2] as never, signal: AbortSignal.timeout(limitMs) }).catch((error: unknown) => {
        throw (error as Error).name === 'AbortError' ? new Error(`the model took longer than ${formatLimit(limitMs)} to build and was stopped`) : error;
      })) as GeneratedModel | PermanentFailure;
    } finally {
      port1.close();
      await writing;
    }
  }

  /** A job that used up its attempts, including ones whose worker died: the model is `failed`. */
  async #giveUp(job: JobWithMetadata<GenerateModelJob>): Promise<void> {
    const row = await this.#options.jobs.find(job.data.modelId);
    if (!row || row.status === 'ready' || row.status === 'failed') return;
    const reason = row.error ?? 'the worker stopped responding (no heartbeat) on every attempt';
    this.#options.logger.error({ modelId: job.data.modelId, reason }, 'model generation failed after all attempts');
    await this.#fail(job.data.modelId, reason);
  }

  /** The model is `failed`, and the partner is not billed for it: both or neither. */
  async #fail(modelId: string, reason: string, failureReason: string | null = null): Promise<void> {
    await this.#options.db.transaction().execute(async (trx) => {
      await this.#options.jobs.markFailed(modelId, reason, this.#now(), failureReason, trx);
      await this.#options.usage.unbillFailedGeneration(modelId, trx);
    });
  }

  async stop(): Promise<void> {
    await this.#options.queue.boss.offWork(GENERATE_MODEL_QUEUE, { wait: true }).catch(() => {});
    await this.#options.queue.boss.offWork(GENERATE_MODEL_DEAD_QUEUE, { wait: true }).catch(() => {});
    await this.#pool.destroy();
  }
}

/** A time limit in words: minutes when whole, else seconds. */
function formatLimit(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} minutes` : `${ms / 1000} s`;
}
