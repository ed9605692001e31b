import { Readable } from 'node:stream';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services/services.ts';
import { InProcessBackend } from '../../mcp/in-process-backend.ts';
import { INVALID_REQUEST, PARSE_ERROR, plainProtocolError, unsupportedVersionMessage } from '../../mcp/protocol-errors.ts';
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
    if (version) return sendJsonRpcError(reply, 400, INVALID_REQUEST, version, singleId(request.body));
    const backend = new InProcessBackend({ sessions: services.agentSessions, solar: services.solar, clientIp: request.ip, now: services.now });
    const handler = createMcpHandler(() => createSolarMcpServer(backend, services.version), {
      legacy: 'stateless',
      onerror: (error) => request.log.warn({ err: error }, 'MCP request rejected'),
    });
    try {
      const response = await handler.fetch(toWebRequest(request, publicBaseUrl), { parsedBody: request.body });
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'content-length') reply.header(name, value);
      });
      if (!response.body) return reply.send();
      const type = response.headers.get('content-type') ?? '';
      if (!type.includes('text/event-stream') && !type.includes('application/json')) return reply.send(Readable.fromWeb(response.body as never));
      // Stateless answers are complete when sent (no notifications follow), so they are read whole and
      // their protocol errors put in words.
      const methods = requestMethods(request.body);
      const plain = (message: unknown) => plainProtocolError(message, methods.get(idOf(message)), TOOL_NAMES);
      const text = await response.text();
      if (type.includes('application/json')) return reply.send(rewriteJson(text, plain));
      return reply.send(text.replace(/^data: (.*)$/gm, (_line, data: string) => `data: ${rewriteJson(data, plain)}`));
    } finally {
      void handler.close();
    }
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
function toWebRequest(request: FastifyRequest, publicBaseUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const body = request.method === 'POST' && request.body !== undefined ? JSON.stringify(request.body) : undefined;
  return new Request(`${publicBaseUrl}/mcp`, { method: request.method, headers, body });
}

function sendJsonRpcError(reply: FastifyReply, status: number, code: number, message: string, id: unknown): FastifyReply {
  return reply.code(status).type('application/json').send({ jsonrpc: '2.0', error: { code, message }, id: id ?? null });
}

type Message = { id?: unknown; method?: unknown };

function idOf(message: unknown): unknown {
  return (message as Message | null)?.id;
}

/** The id of a single request (for an error about the whole request), else null. */
function singleId(body: unknown): unknown {
  return Array.isArray(body) ? null : (idOf(body) ?? null);
}

/** Each request's method by its id, to name the method in an error about it. */
function requestMethods(body: unknown): Map<unknown, string> {
  const methods = new Map<unknown, string>();
  for (const message of (Array.isArray(body) ? body : [body]) as (Message | null)[]) {
    if (message?.id !== undefined && typeof message.method === 'string') methods.set(message.id, message.method);
  }
  return methods;
}

/** A JSON message or batch with each message mapped; text that is not JSON passes unchanged. */
function rewriteJson(text: string, map: (message: unknown) => unknown): string {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return text;
  }
  return JSON.stringify(Array.isArray(payload) ? payload.map(map) : map(payload));
}
