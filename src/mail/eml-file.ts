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
  ];
  const head = headers.map(([name, value]) => `${name}: ${headerValue(value)}`).join('\n');
  const body = message.text.replace(/\r\n?/g, '\n');
  const text = `Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n${body}${body.endsWith('\n') ? '' : '\n'}`;
  if (!message.attachments?.length) return Buffer.from(`${head}\n${text}`, 'utf8');
  // With files: multipart/mixed, the text first, each file base64 in lines of 76 characters.
  const boundary = `=_${randomUUID()}`;
  const files = message.attachments.map((file) => {
    const name = file.filename.replace(/["\\\r\n]/g, '_');
    const lines = file.contentBase64.match(/.{1,76}/g) ?? [];
    return `Content-Type: ${file.contentType}; name="${name}"\nContent-Disposition: attachment; filename="${name}"\nContent-Transfer-Encoding: base64\n\n${lines.join('\n')}\n`;
  });
  const parts = [text, ...files].map((part) => `--${boundary}\n${part}`).join('\n');
  return Buffer.from(`${head}\nContent-Type: multipart/mixed; boundary="${boundary}"\n\n${parts}\n--${boundary}--\n`, 'utf8');
}

/** A header value on one line; text beyond ASCII as an RFC 2047 encoded word. */
function headerValue(value: string): string {
  const line = value.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(line) ? line : `=?UTF-8?B?${Buffer.from(line, 'utf8').toString('base64')}?=`;
}
