import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../http-error.ts';
import { rateLimitHeaders } from '../rate-limit-headers.ts';
import { ErrorBody } from '../../contract/common.ts';
import { CreatedSession, SessionIdParams, SessionRequestBody, SessionView } from '../../contract/sessions.ts';
import type { Services } from '../../services/services.ts';

/** `POST /api/mcp-sessions` and `GET /api/mcp-sessions/:id`: agent sessions (no authentication). */
export const sessionRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/api/mcp-sessions',
    {
      schema: {
        summary: 'Create an agent session',
        description:
          'Creates a session for a chatbot or assistant and returns a viewer link for the user, with preset Solar Wizard settings and an optional roof position. Never starts a model generation: the model is generated when the user opens the link. Limited to 10 sessions per hour per client IP. Sessions expire after 48 hours.',
        tags: ['Agent sessions'],
        body: SessionRequestBody,
        response: { 200: CreatedSession, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { session, rateLimit } = await services.agentSessions.create(request.body, request.ip, services.now());
      reply.headers(rateLimitHeaders(rateLimit));
      return session;
    },
  );

  app.get(
    '/api/mcp-sessions/:id',
    {
      schema: {
        summary: 'Read an agent session',
        description: 'The session with its preset values and the status of the SD model of its location. Unknown and expired sessions are 404.',
        tags: ['Agent sessions'],
        params: SessionIdParams,
        response: { 200: SessionView, 404: ErrorBody },
      },
    },
    async (request) => {
      const session = await services.agentSessions.read(request.params.id, services.now());
      if (!session) throw new HttpError(404, 'Session not found or expired');
      return session;
    },
  );
};
