import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A delivered message, with the parts tests read. */
export interface DeliveredMail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

/**
 * A real SMTP server in the test process (the `smtp-server` library, as mail relays use it). It keeps
 * every message it accepts, and can be taken down and brought back on the same port.
 */
export class SmtpStandIn {
  readonly messages: DeliveredMail[] = [];
  #server: SMTPServer | undefined;
  #port = 0;

  static async start(): Promise<SmtpStandIn> {
    const standIn = new SmtpStandIn();
    await standIn.up();
    return standIn;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.#port}`;
  }

  /** Starts listening (again, on the same port after {@link down}). */
  async up(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.messages.push(parse(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address)));
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.#port, '127.0.0.1', () => resolve());
    });
    this.#port = (server.server.address() as AddressInfo).port;
    this.#server = server;
  }

  /** Stops accepting connections: senders get "connection refused". */
  async down(): Promise<void> {
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
    this.#server = undefined;
  }

  /** Messages to one address. */
  to(address: string): DeliveredMail[] {
    return this.messages.filter((message) => message.to.includes(address));
  }
}

/** Headers and the text body of a plain message (quoted-printable decoded, as nodemailer writes it). */
function parse(raw: string, to: string[]): DeliveredMail {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1] ?? '';
  let text = rest.join('\n\n');
  if (/quoted-printable/i.test(header('Content-Transfer-Encoding'))) {
    text = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    text = Buffer.from(text, 'latin1').toString('utf8');
  }
  return { to, subject: header('Subject'), text: text.replace(/\r\n/g, '\n'), raw };
}
