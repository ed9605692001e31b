import { randomUUID } from 'node:crypto';
import type { MailMessage } from './mail-message.ts';

/**
 * An e-mail as an `.eml` file (RFC 5322) for an operator to open or read as text. The body is UTF-8
 * sent as is (`8bit`), not quoted-printable, so links in it (sign-up, reset) stay whole when copied from
 * the file: quoted-printable writes `=` as `=3D` and breaks long lines with `=`. Mail programs open it.
 */
export function emlFile(from: string, message: MailMessage, date: Date): Buffer {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  const headers = [
    ['From', from],
    ['To', message.to],
    ...(message.replyTo ? [['Reply-To', message.replyTo]] : []),
    ['Subject', message.subject],
    ['Date', date.toUTCString().replace('GMT', '+0000')],
    ['Message-ID', `<${randomUUID()}@${domain}>`],
    ['MIME-Version', '1.0'],
    ['Content-Type', 'text/plain; charset=utf-8'],
    ['Content-Transfer-Encoding', '8bit'],
  ];
  const head = headers.map(([name, value]) => `${name}: ${headerValue(value)}`).join('\n');
  const body = message.text.replace(/\r\n?/g, '\n');
  return Buffer.from(`${head}\n\n${body}${body.endsWith('\n') ? '' : '\n'}`, 'utf8');
}

/** A header value on one line; text beyond ASCII as an RFC 2047 encoded word. */
function headerValue(value: string): string {
  const line = value.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(line) ? line : `=?UTF-8?B?${Buffer.from(line, 'utf8').toString('base64')}?=`;
}
