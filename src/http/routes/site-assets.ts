import type { FastifyPluginAsync } from 'fastify';
import { SITE_CSS, SITE_CSS_PATH } from '../pages/layout.ts';

/** The site pages' stylesheet, at an address that changes with its content (cached for a year). */
export const siteAssetRoutes: FastifyPluginAsync = async (app) => {
  app.get(SITE_CSS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(SITE_CSS));
};
