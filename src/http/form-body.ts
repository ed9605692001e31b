import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error.ts';

/** Decodes strictly: bytes that are not UTF-8 are an error, not U+FFFD stored in a name or a price. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

const AS_THE_PAGE = 'send the form as the page does (application/x-www-form-urlencoded, UTF-8)';

/**
 * Parses `application/x-www-form-urlencoded` bodies (the site's forms) for the routes of `site`, strictly:
 * the body's bytes and every percent-encoded field must be UTF-8, else a 400 saying so. (@fastify/formbody
 * decodes both leniently, turning a bad byte into U+FFFD that would then be stored.) A field sent
 * twice becomes a list, as a form's repeated fields do; the result has no prototype.
 */
export function registerFormBodyParser(site: FastifyInstance, bodyLimit: number): void {
  site.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit }, (_request, bytes, done) => {
    let text: string;
    try {
      text = UTF8.decode(bytes as Buffer);
    } catch {
      done(new HttpError(400, `Form body is not valid UTF-8; ${AS_THE_PAGE}`), undefined);
      return;
    }
    try {
      done(null, parseForm(text));
    } catch (error) {
      done(new HttpError(400, `${(error as Error).message}; ${AS_THE_PAGE}`), undefined);
    }
  });
}

/**
 * The fields of a url-encoded form: `+` is a space, `%XX` a byte, the bytes of each name and value decoded
 * as UTF-8.
 *
 * @throws Error saying which field is malformed: a `%` without two hex digits, or escapes that are not UTF-8
 */
export function parseForm(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = Object.create(null);
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decode(equals < 0 ? pair : pair.slice(0, equals), 'A form field\'s name');
    const value = equals < 0 ? '' : decode(pair.slice(equals + 1), `Form field ${JSON.stringify(name.slice(0, 40))}`);
    const earlier = fields[name];
    fields[name] = earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
  }
  return fields;
}

/** One name or value, decoded strictly (`decodeURIComponent` refuses escapes that are not UTF-8); `what` names it in the error. */
function decode(text: string, what: string): string {
  if (/%(?![0-9a-fA-F]{2})/.test(text)) throw new Error(`${what} has a % not followed by two hex digits`);
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new Error(`${what} is not valid UTF-8 once its %-escapes are decoded`);
  }
}
