import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { commonSecurityHeaders } from './security-headers.ts';

/** What to answer for an error that is the caller's fault. */
export interface ClientErrorAnswer {
  status: number;
  message: string;
}

/** The longest path parameter the router takes (identifiers are far shorter). */
export const MAX_PARAM_LENGTH = 200;

/** The most of an oversized body read (and dropped) before its 413 is sent, and for how long. */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 5_000;

/**
 * Fastify's own errors that are the caller's fault, as a status and a message saying what is wrong and
 * what is allowed; undefined for anything else. `accepts` names the body the route takes (JSON for the
 * API, a web form for the site's pages). Before a 413 the rest of the body is read and dropped, so the
 * answer is not lost to a connection reset while the client is still sending.
 */
export async function clientErrorAnswer(error: FastifyError, request: FastifyRequest, accepts = 'application/json'): Promise<ClientErrorAnswer | undefined> {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return { status: 415, message: `Content-Type ${request.headers['content-type'] || '(none)'} is not supported; send ${accepts}` };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      await finishReading(request);
      return { status: 413, message: `Request body is too large; the limit is ${request.routeOptions.bodyLimit ?? 'a few'} bytes` };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'Request body is empty; send a JSON object' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'Content-Length does not match the body; send the exact length in bytes' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      // Fastify's own message only repeats that the body is not JSON; it keeps no position to add.
      return { status: 400, message: 'Request body is not valid JSON; send a JSON object' };
    case 'FST_ERR_CTP_EMPTY_TYPE':
      return { status: 415, message: `Content-Type is empty; send ${accepts}` };
  }
  if (error instanceof SyntaxError) return { status: 400, message: `Request body is not valid JSON: ${error.message}` };
  return undefined;
}

/**
 * Errors raised before a route is found (Fastify's `frameworkErrors`): a malformed percent-encoding or
 * an overlong path parameter, answered as JSON like every API error.
 */
function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, `A part of the address is longer than ${MAX_PARAM_LENGTH} characters; identifiers are at most 100`]
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, 'The address has a malformed percent-encoding; write each byte as % and two hex digits, such as %20 for a space']
        : [400, 'The request cannot be routed; check the address'];
  request.log.info({ code: error.code }, 'request refused before routing');
  // No hooks run this early, so the headers every answer carries are set here.
  void reply.code(status).headers(commonSecurityHeaders(request.server)).type('application/json; charset=utf-8').send({ error: message });
}

/** How long the service waits for a whole request, headers and body, before it answers 408. */
export const REQUEST_TIMEOUT_S = 30;

/** What Node's HTTP parser refused, in words. */
const PARSE_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, `The request took too long to arrive: send all of it, headers and body, within ${REQUEST_TIMEOUT_S} seconds`],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large: keep the address and the headers under 16 KB together (send long inputs in a POST body)'],
  HPE_INVALID_CONTENT_LENGTH: [400, 'Content-Length must be one whole number of bytes'],
  HPE_UNEXPECTED_CONTENT_LENGTH: [400, 'Send either Content-Length or Transfer-Encoding: chunked, not both'],
  HPE_INVALID_CHUNK_SIZE: [400, 'The chunked body is malformed: each chunk starts with its size in hex on a line of its own'],
  HPE_INVALID_TRANSFER_ENCODING: [400, 'Transfer-Encoding must be chunked (or absent)'],
  HPE_INVALID_METHOD: [400, 'The request method is not a known HTTP method'],
  HPE_INVALID_VERSION: [400, 'The request line must end with HTTP/1.1 (or HTTP/1.0)'],
  HPE_INVALID_HEADER_TOKEN: [400, 'A header name holds characters HTTP does not allow'],
  HPE_INVALID_URL: [400, 'The request target is not a valid address'],
};

/**
 * Node counts the request line with the headers against one 16 KB limit, and keeps only the last piece
 * received: a piece that starts the request with a method and holds no line end within 8 KB is an address
 * too long (414); anything else is named as both (431).
 */
const LONG_REQUEST_LINE_BYTES = 8 * 1024;
const URI_TOO_LONG: [number, string] = [414, 'The address is too long: keep the path and query under 8 KB (send long inputs in a POST body)'];

function startsWithLongRequestLine(packet: Buffer | undefined): boolean {
  if (!packet || !/^[A-Z]+ /.test(packet.subarray(0, 16).toString('latin1'))) return false;
  const end = packet.indexOf('\r\n');
  return (end < 0 ? packet.length : end) > LONG_REQUEST_LINE_BYTES;
}

/** Requests Node cannot parse as HTTP (Fastify's `clientErrorHandler`): a JSON answer, then the connection closes. */
function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Node's parse errors carry the bytes received so far.
  const packet = (error as { rawPacket?: Buffer }).rawPacket;
  const longAddress = error.code === 'HPE_HEADER_OVERFLOW' && startsWithLongRequestLine(packet);
  const [status, message] = longAddress ? URI_TOO_LONG : PARSE_ERRORS[error.code ?? ''] ?? [400, `The request is not valid HTTP/1.1 (${error.code ?? 'unreadable'}); check its request line, headers and body framing`];
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`);
  } else {
    socket.destroy();
  }
}

/** The server options that route errors before the routes through this file (spread into `Fastify({...})`). */
export const errorMappingOptions = { frameworkErrors, clientErrorHandler, routerOptions: { maxParamLength: MAX_PARAM_LENGTH } } satisfies Partial<FastifyServerOptions>;

/** Reads and drops the rest of a request body, up to a bound, so a refusal can be read by the client. */
async function finishReading(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return;
  await new Promise<void>((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', done).off('error', done).off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_MS);
    raw.on('data', onData).once('end', done).once('error', done).once('close', done);
    raw.resume();
  });
}
