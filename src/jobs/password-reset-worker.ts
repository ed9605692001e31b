import type { Job } from 'pg-boss';
import { PASSWORD_RESET_QUEUE, type JobQueue, type PasswordResetJob } from './queue.ts';

/**
 * Works the queued password-reset requests: looks the address up and, when it has an account, issues
 * the link and queues its e-mail. A failure throws, so pg-boss tries the request again later.
 */
export class PasswordResetWorker {
  readonly #queue: JobQueue;
  readonly #send: (email: string) => Promise<void>;

  /** @param send - the account service's `sendPasswordReset` with the clock applied */
  constructor(queue: JobQueue, send: (email: string) => Promise<void>) {
    this.#queue = queue;
    this.#send = send;
  }

  async start(): Promise<void> {
    await this.#queue.boss.work(PASSWORD_RESET_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]: Job<PasswordResetJob>[]) => this.#send(job.data.email));
  }

  async stop(): Promise<void> {
    await this.#queue.boss.offWork(PASSWORD_RESET_QUEUE);
  }
}
