import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A delivered message, with the parts tests read. */
export interface DeliveredMail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
  /** Files sent along (parts of a multipart/mixed message with a file name). */
  attachments: { filename: string; contentType: string; content: Buffer }[];
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

/**
 * Headers and the text body of a message (quoted-printable decoded, as nodemailer writes it); of a
 * multipart/mixed one, the text part and the files.
 */
function parse(raw: string, to: string[]): DeliveredMail {
  const { header, body } = splitPart(raw);
  const attachments: DeliveredMail['attachments'] = [];
  let text = decodeText(body, header('Content-Transfer-Encoding'));
  const boundary = /multipart\/mixed;.*boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
  if (boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1).map((part) => splitPart(part.replace(/^\r?\n/, '')));
    const textPart = parts.find((part) => /^text\/plain/i.test(part.header('Content-Type')));
    text = textPart ? decodeText(textPart.body, textPart.header('Content-Transfer-Encoding')) : '';
    for (const part of parts) {
      const filename = /filename="?([^";\r\n]+)"?/i.exec(part.header('Content-Disposition'))?.[1];
      if (filename) attachments.push({ filename, contentType: part.header('Content-Type').split(';')[0].trim(), content: Buffer.from(part.body.replace(/\s+/g, ''), 'base64') });
    }
  }
  return { to, subject: decodeWords(header('Subject')), text: text.replace(/\r\n/g, '\n'), raw, attachments };
}

/** A header's MIME encoded words (RFC 2047, `=?UTF-8?Q?…?=` or `?B?`) decoded, as a mail client shows them. */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, charset: string, encoding: string, words: string) => {
    const bytes = encoding.toUpperCase() === 'B' ? Buffer.from(words, 'base64') : Buffer.from(words.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1');
    return new TextDecoder(charset).decode(bytes);
  });
}

/** A message or part: its headers (folded lines joined) and its body. */
function splitPart(raw: string): { header: (name: string) => string; body: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  return { header: (name) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1] ?? '', body: rest.join('\n\n') };
}

function decodeText(body: string, encoding: string): string {
  if (!/quoted-printable/i.test(encoding)) return body;
  const decoded = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(decoded, 'latin1').toString('utf8');
}
