import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { HealthBody } from '../../contract/health.ts';
import type { Services } from '../../services/services.ts';

const CHECK_TIMEOUT_MS = 3000;

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
      const checks = {
        database: () => sql`select 1`.execute(services.db),
        queue: () => services.queue.check(),
        storage: () => services.store.check(),
      };
      const results = await Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await runCheck(check)] as const));
      const failed = results.filter(([, result]) => result !== 'ok');
      const body = {
        status: failed.length === 0 ? ('ok' as const) : ('error' as const),
        version: services.version,
        uptimeS: Math.round(process.uptime()),
        checks: Object.fromEntries(results.map(([name, result]) => [name, result === 'ok' ? 'ok' : 'failed'])) as { database: string; queue: string; storage: string },
        ...(failed.length > 0 ? { error: failed.map(([name, reason]) => `${name} check failed: ${reason}`).join('; ') } : {}),
      };
      return reply.code(failed.length === 0 ? 200 : 503).send(body);
    },
  );
};

async function runCheck(check: () => Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([check(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)))]);
    return 'ok';
  } catch (error) {
    return (error as Error).message || 'failed';
  } finally {
    clearTimeout(timer);
  }
}
