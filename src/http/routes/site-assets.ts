import fs from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { SITE_CSS, SITE_CSS_PATH } from '../pages/layout.ts';

const COPY_SCRIPT = fs.readFileSync(new URL('../pages/site-copy.js', import.meta.url));

/** The site pages' stylesheet (at an address that changes with its content, cached for a year) and copy script. */
export const siteAssetRoutes: FastifyPluginAsync = async (app) => {
  app.get(SITE_CSS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(SITE_CSS));
  app.get('/static/site-copy.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(COPY_SCRIPT));
};
