import { PgBoss, fromKysely, fromPglite } from 'pg-boss';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { Database } from '../db/schema.ts';

/** E-mails to send; an SMTP outage only delays them (retries with backoff for about a day). */
export const SEND_EMAIL_QUEUE = 'send-email';
export const EMAIL_RETRY_LIMIT = 12;

/**
 * Password-reset requests, worked after the answer: the form answers in the same time whether or not
 * the address has an account, and the lookup, the link and the e-mail happen here.
 */
export const PASSWORD_RESET_QUEUE = 'password-reset';

/** A password reset asked for an address (which may have no account). */
export interface PasswordResetJob {
  email: string;
}

/** The queue of model generations, and where jobs go after their last failed attempt. */
export const GENERATE_MODEL_QUEUE = 'generate-model';
export const GENERATE_MODEL_DEAD_QUEUE = 'generate-model-dead';
/** Three attempts in all: the first and two retries. */
export const GENERATION_RETRY_LIMIT = 2;
/** Longest a single attempt may run before it is given up (the worker stops its thread then too). */
export const GENERATION_EXPIRE_SECONDS = 15 * 60;

export interface GenerateModelJob {
  modelId: string;
}

export interface QueueOptions {
  /** PostgreSQL URL for the queue's own connections; unset uses the embedded database. */
  databaseUrl?: string;
  /** Seconds without a heartbeat after which a job is taken from a dead worker and retried. */
  heartbeatSeconds: number;
  /** Seconds between retries of a failed attempt (doubled each time). */
  retryDelaySeconds?: number;
  /** First pause before an e-mail is tried again (default 30 s, doubling). */
  emailRetryDelaySeconds?: number;
}

/** The job queue (pg-boss) on the service's database: embedded PGlite or PostgreSQL. */
export class JobQueue {
  readonly boss: PgBoss;
  readonly #heartbeatSeconds: number;
  readonly #retryDelaySeconds: number;
  readonly #emailRetryDelaySeconds: number;

  private constructor(boss: PgBoss, options: QueueOptions) {
    this.boss = boss;
    this.#heartbeatSeconds = options.heartbeatSeconds;
    this.#retryDelaySeconds = options.retryDelaySeconds ?? 5;
    this.#emailRetryDelaySeconds = options.emailRetryDelaySeconds ?? 30;
  }

  /** Starts pg-boss in the schema `<schema>_queue` and creates the queues. */
  static async start(handle: DatabaseHandle, options: QueueOptions, onError: (error: Error) => void): Promise<JobQueue> {
    const schema = `${handle.schema}_queue`;
    // The monitor must look at least twice per heartbeat interval so a dead worker's job is retried
    // promptly. Burst fetching reads the ready count the monitor writes and the queue cache copies, so
    // both run every 2 s: workers see a backlog (a pre-generated area) within seconds instead of fetching
    // one job a second per slot for half a heartbeat (Vaduz pre-generation: 190 → 900 models a minute).
    const monitorIntervalSeconds = Math.max(1, Math.min(2, Math.floor(options.heartbeatSeconds / 2)));
    const boss = handle.pglite
      ? new PgBoss({ db: fromPglite(handle.pglite), backend: 'pglite', schema, monitorIntervalSeconds, superviseIntervalSeconds: monitorIntervalSeconds, queueCacheIntervalSeconds: monitorIntervalSeconds, schedule: false })
      : new PgBoss({ connectionString: options.databaseUrl, schema, max: 4, monitorIntervalSeconds, superviseIntervalSeconds: monitorIntervalSeconds, queueCacheIntervalSeconds: monitorIntervalSeconds, schedule: false });
    boss.on('error', onError);
    await boss.start();
    const queue = new JobQueue(boss, options);
    await queue.#createQueues();
    await queue.#warmQueueCache();
    return queue;
  }

  async #createQueues(): Promise<void> {
    await this.boss.createQueue(GENERATE_MODEL_DEAD_QUEUE).catch(ignoreExists);
    await this.boss
      .createQueue(GENERATE_MODEL_QUEUE, {
        retryLimit: GENERATION_RETRY_LIMIT,
        retryDelay: this.#retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: GENERATION_EXPIRE_SECONDS,
        heartbeatSeconds: this.#heartbeatSeconds,
        deadLetter: GENERATE_MODEL_DEAD_QUEUE,
      })
      .catch(ignoreExists);
    await this.boss
      .createQueue(SEND_EMAIL_QUEUE, { retryLimit: EMAIL_RETRY_LIMIT, retryDelay: this.#emailRetryDelaySeconds, retryBackoff: true, expireInSeconds: 120 })
      .catch(ignoreExists);
    await this.boss.createQueue(PASSWORD_RESET_QUEUE, { retryLimit: 5, retryDelay: this.#emailRetryDelaySeconds, retryBackoff: true, expireInSeconds: 60 }).catch(ignoreExists);
  }

  /**
   * pg-boss looks queues up in a cache filled at start, before our queues may exist. A miss is read
   * through the queue's own connection; inside an embedded (single-connection) transaction that read
   * would wait for the transaction forever. Touching each queue once fills the cache.
   */
  async #warmQueueCache(): Promise<void> {
    const noSuchJob = '00000000-0000-0000-0000-000000000000';
    await this.boss.deleteJob(GENERATE_MODEL_QUEUE, noSuchJob);
    await this.boss.deleteJob(GENERATE_MODEL_DEAD_QUEUE, noSuchJob);
    await this.boss.deleteJob(SEND_EMAIL_QUEUE, noSuchJob);
    await this.boss.deleteJob(PASSWORD_RESET_QUEUE, noSuchJob);
  }

  /** Queues an e-mail inside the caller's transaction: it is sent exactly when what it reports is saved. */
  async enqueueEmail(trx: Kysely<Database>, message: MailMessage): Promise<void> {
    await this.boss.send(SEND_EMAIL_QUEUE, message, { db: fromKysely(trx) });
  }

  /** Queues a password-reset request: one insert, the same for every address. */
  async enqueuePasswordReset(job: PasswordResetJob): Promise<void> {
    await this.boss.send(PASSWORD_RESET_QUEUE, job);
  }

  /**
   * Queues a generation inside the caller's transaction, so the job exists exactly when the
   * `pending` row does.
   */
  async enqueueGeneration(trx: Kysely<Database>, job: GenerateModelJob): Promise<void> {
    await this.boss.send(GENERATE_MODEL_QUEUE, job, { db: fromKysely(trx) });
  }

  /** Answers whether the queue's tables can be read (health check). */
  async check(): Promise<void> {
    await this.boss.getQueue(GENERATE_MODEL_QUEUE);
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 10_000, close: true });
  }
}

function ignoreExists(error: Error): void {
  if (!/already exists/i.test(error.message)) throw error;
}
