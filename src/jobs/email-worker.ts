import type { Job } from 'pg-boss';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { SEND_EMAIL_QUEUE, type JobQueue } from './queue.ts';

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * Sends the queued e-mails. A failure (SMTP down, refused) throws, so pg-boss tries the message again
 * later with a growing pause; nothing is lost while the server is away.
 */
export class EmailWorker {
  readonly #queue: JobQueue;
  readonly #mailer: Mailer;
  readonly #logger: Logger;

  constructor(deps: { queue: JobQueue; mailer: Mailer; logger: Logger }) {
    this.#queue = deps.queue;
    this.#mailer = deps.mailer;
    this.#logger = deps.logger;
  }

  async start(): Promise<void> {
    await this.#queue.boss.work(SEND_EMAIL_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]: Job<MailMessage>[]) => {
      try {
        await this.#mailer.send(job.data);
        // Addresses are personal data: the log names the subject only.
        this.#logger.info({ subject: job.data.subject }, 'e-mail sent');
      } catch (error) {
        this.#logger.warn({ err: error, subject: job.data.subject }, 'e-mail not sent; it will be tried again');
        throw error;
      }
    });
  }

  async stop(): Promise<void> {
    await this.#queue.boss.offWork(SEND_EMAIL_QUEUE);
    this.#mailer.close();
  }
}
