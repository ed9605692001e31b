import { Readable, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services/services.ts';
import { InProcessBackend } from '../../mcp/in-process-backend.ts';
import { answerRewording, INVALID_REQUEST, PARSE_ERROR, singleRequestId, unsupportedVersionMessage } from '../../mcp/protocol-errors.ts';
import { createSolarMcpServer, TOOL_NAMES } from '../../mcp/solar-mcp-server.ts';
import { clientErrorAnswer } from '../error-mapping.ts';

/** MCP messages are small; this bounds them like the REST bodies, with room for batches. */
const MCP_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * `/mcp`: the MCP endpoint (Streamable HTTP, stateless). It serves the 2026-07-28 protocol and, for
 * 2025-era clients, the stateless fallback; every request gets its own server instance whose tools use
 * the caller's address for the session limit shared with `POST /api/mcp-sessions`.
 */
export const mcpRoutes: FastifyPluginAsync<{ services: Services; publicBaseUrl: string }> = async (app, { services, publicBaseUrl }) => {
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const version = unsupportedVersionMessage(request.headers['mcp-protocol-version'] as string | undefined);
    if (version) return sendJsonRpcError(reply, 400, INVALID_REQUEST, version, singleRequestId(request.body));
    const backend = new InProcessBackend({ sessions: services.agentSessions, solar: services.solar, clientIp: request.ip, now: services.now });
    const handler = createMcpHandler(() => createSolarMcpServer(backend, services.version), {
      legacy: 'stateless',
      onerror: (error) => request.log.warn({ err: error }, 'MCP request rejected'),
    });
    const aborted = new AbortController();
    // Ends the SDK's work for this request when its answer is done or its client has gone.
    reply.raw.once('close', () => {
      aborted.abort();
      void handler.close();
    });
    const response = await handler.fetch(toWebRequest(request, publicBaseUrl, aborted.signal), { parsedBody: request.body });
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') reply.header(name, value);
    });
    if (!response.body) return reply.send();
    const type = response.headers.get('content-type') ?? '';
    const reword = answerRewording(request.body, TOOL_NAMES);
    // A JSON answer is complete when sent; an event stream may stay open (a subscription), so its
    // messages are put in words line by line as they pass.
    if (type.includes('application/json')) return reply.send(reword(await response.text()));
    const body = Readable.fromWeb(response.body as never);
    return reply.send(type.includes('text/event-stream') ? body.pipe(eventLines(reword)) : body);
  };
  // Bodies refused before the route (not JSON, too large, another type) are answered as JSON-RPC errors.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const known = await clientErrorAnswer(error, request);
    if (!known) throw error;
    const notJson = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError;
    const message = known.status === 413 ? known.message : `${known.message} (one JSON-RPC message, or a batch of them)`;
    return sendJsonRpcError(reply, known.status, notJson ? PARSE_ERROR : INVALID_REQUEST, message, null);
  });
  // Stateless: no stream for a GET to open and no session for a DELETE to end. Every other method gets
  // the service's one 405 answer, with `Allow: POST`, as MCP clients expect of such a server.
  app.route({ method: 'POST', url: '/mcp', bodyLimit: MCP_BODY_LIMIT_BYTES, schema: { hide: true }, handler: handle });
};

/** The request as the SDK's web-standard handler takes it; the body is passed separately, already parsed. */
function toWebRequest(request: FastifyRequest, publicBaseUrl: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const body = request.method === 'POST' && request.body !== undefined ? JSON.stringify(request.body) : undefined;
  return new Request(`${publicBaseUrl}/mcp`, { method: request.method, headers, body, signal });
}

/** Rewrites each `data:` line of an event stream as it passes; other lines and partial lines wait for their end. */
function eventLines(rewrite: (data: string) => string): Transform {
  let pending = '';
  const decoder = new StringDecoder('utf8');
  const line = (text: string) => (text.startsWith('data: ') ? `data: ${rewrite(text.slice(6))}` : text);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const lines = (pending + decoder.write(chunk)).split('\n');
      pending = lines.pop() ?? '';
      done(null, lines.map((text) => `${line(text)}\n`).join(''));
    },
    flush(done) {
      const rest = pending + decoder.end();
      done(null, rest ? line(rest) : '');
    },
  });
}

function sendJsonRpcError(reply: FastifyReply, status: number, code: number, message: string, id: unknown): FastifyReply {
  return reply.code(status).type('application/json').send({ jsonrpc: '2.0', error: { code, message }, id: id ?? null });
}
