import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthBody } from '../../contract/health.ts';
import type { Services } from '../../services/services.ts';

/** `GET /api/health`: the service and what it depends on (database, queue, object store). */
export const healthRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Health check',
        description: '200 with `status` = `ok` when the database, the job queue and the object store answer; 503 naming the failing check otherwise.',
        tags: ['Service'],
        response: { 200: HealthBody, 503: HealthBody },
      },
    },
    async (_request, reply) => {
      const body = await services.health.check();
      return reply.code(body.status === 'ok' ? 200 : 503).send(body);
    },
  );
};
