import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { emlFile } from './eml-file.ts';
import type { MailMessage } from './mail-message.ts';

export type { MailAttachment, MailMessage } from './mail-message.ts';

/** Sends e-mail. */
export interface Mailer {
  /** @throws when the message could not be handed over (the job queue then tries again later) */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * The mailer for the settings: SMTP at `smtpUrl` (nodemailer), or, without one, `.eml` files in
 * `mailDir` that an operator can open (the embedded default, so nothing is lost on a laptop).
 */
export function createMailer(settings: { smtpUrl: string | undefined; mailDir: string; from: string }): Mailer {
  if (settings.smtpUrl) return new TransportMailer(nodemailer.createTransport(settings.smtpUrl), settings.from);
  return new FileMailer(settings.mailDir, settings.from);
}

class TransportMailer implements Mailer {
  readonly #transport: Transporter;
  readonly #from: string;
  constructor(transport: Transporter, from: string) {
    this.#transport = transport;
    this.#from = from;
  }

  async send(message: MailMessage): Promise<void> {
    const { attachments, ...rest } = message;
    await this.#transport.sendMail({
      from: this.#from,
      ...rest,
      ...(attachments ? { attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.contentBase64, encoding: 'base64' })) } : {}),
    });
  }

  close(): void {
    this.#transport.close();
  }
}

/** Writes each message as an `.eml` file named by time and recipient. */
class FileMailer implements Mailer {
  readonly #dir: string;
  readonly #from: string;
  constructor(dir: string, from: string) {
    this.#dir = dir;
    this.#from = from;
  }

  async send(message: MailMessage): Promise<void> {
    const now = new Date();
    fs.mkdirSync(this.#dir, { recursive: true });
    const name = `${now.toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`;
    fs.writeFileSync(path.join(this.#dir, name), emlFile(this.#from, message, now));
  }

  close(): void {}
}
