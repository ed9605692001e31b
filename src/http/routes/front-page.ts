import type { FastifyPluginAsync } from 'fastify';
import { frontPage } from '../pages/front-page.ts';

const FRONT_PAGE = frontPage();

/** `GET /`: the site's front page (the same for everyone; built once). */
export const frontPageRoutes: FastifyPluginAsync = async (app) => {
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(FRONT_PAGE));
};
