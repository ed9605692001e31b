import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error.ts';

/** How deeply a JSON body may nest; every documented request nests at most three levels. */
export const MAX_JSON_DEPTH = 32;

/**
 * The deepest nesting of arrays and objects in JSON text, counted without parsing (strings skipped), so
 * a body of thousands of `[` is refused before any code recurses over it.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) deepest = Math.max(deepest, ++depth);
    else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}

/** Decodes strictly: bytes that are not UTF-8 are an error, not U+FFFD stored in a lead or a name. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Replaces the JSON body parser with Fastify's own (same prototype-poisoning protection) behind two
 * checks, for every route: the body must be UTF-8 (JSON's encoding, RFC 8259), and nested at most
 * {@link MAX_JSON_DEPTH} levels; either is a 400 saying so.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, bytes, done) => {
    // Bodies are not decompressed: gzip bytes read as text would be called malformed JSON.
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (encoding && encoding !== 'identity') {
      done(new HttpError(415, `Content-Encoding ${encoding} is not supported; send the JSON body uncompressed`), undefined);
      return;
    }
    let body: string;
    try {
      body = UTF8.decode(bytes as Buffer);
    } catch {
      done(new HttpError(400, 'Request body is not valid UTF-8; send JSON text encoded as UTF-8'), undefined);
      return;
    }
    if (jsonDepth(body) > MAX_JSON_DEPTH) {
      done(new HttpError(400, `Request body is nested too deeply; at most ${MAX_JSON_DEPTH} levels of arrays and objects are allowed`), undefined);
      return;
    }
    parse(request, body, done);
  });
}
