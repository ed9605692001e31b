import { Readable } from 'node:stream';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services/services.ts';
import { InProcessBackend } from '../../mcp/in-process-backend.ts';
import { createSolarMcpServer } from '../../mcp/solar-mcp-server.ts';

/** MCP messages are small; this bounds them like the REST bodies, with room for batches. */
const MCP_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * `/mcp`: the MCP endpoint (Streamable HTTP, stateless). It serves the 2026-07-28 protocol and, for
 * 2025-era clients, the stateless fallback; every request gets its own server instance whose tools use
 * the caller's address for the session limit shared with `POST /api/mcp-sessions`.
 */
export const mcpRoutes: FastifyPluginAsync<{ services: Services; publicBaseUrl: string }> = async (app, { services, publicBaseUrl }) => {
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const backend = new InProcessBackend({ sessions: services.agentSessions, solar: services.solar, clientIp: request.ip, now: services.now });
    const handler = createMcpHandler(() => createSolarMcpServer(backend, services.version), {
      legacy: 'stateless',
      onerror: (error) => request.log.warn({ err: error }, 'MCP request rejected'),
    });
    try {
      const response = await handler.fetch(toWebRequest(request, publicBaseUrl), { parsedBody: request.body });
      reply.code(response.status);
      response.headers.forEach((value, name) => reply.header(name, value));
      if (!response.body) return reply.send();
      if (response.headers.get('content-type')?.includes('text/event-stream')) return reply.send(Readable.fromWeb(response.body as never));
      return reply.send(Buffer.from(await response.arrayBuffer()));
    } finally {
      void handler.close();
    }
  };
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
