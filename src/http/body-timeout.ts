import type { FastifyInstance } from 'fastify';
import { REQUEST_TIMEOUT_S } from './error-mapping.ts';

/**
 * Gives up on a request body that does not arrive whole within REQUEST_TIMEOUT_S: answers 408 saying
 * so, and closes the connection once the answer is out. Node's own request timeout covers only the
 * headers once a body is being read, so a client that sends `Content-Length: 500` and ten bytes would
 * otherwise hold its connection open for good.
 */
export function registerBodyTimeout(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    // Only a body being read can stall here (one with a length or in chunks); a GET's stream is never read.
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    if (!hasBody) return payload;
    const timer = setTimeout(() => {
      const error = Object.assign(new Error(`The request body took too long to arrive: send all of it within ${REQUEST_TIMEOUT_S} seconds`), { statusCode: 408 });
      // The rest of the body will not be read: the connection closes after the answer.
      reply.raw.once('finish', () => request.raw.socket?.destroy());
      payload.emit('error', error);
    }, REQUEST_TIMEOUT_S * 1000);
    timer.unref();
    const done = () => clearTimeout(timer);
    payload.once('end', done);
    payload.once('close', done);
    reply.raw.once('finish', done);
    return payload;
  });
}
