import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/**
 * `GET /static/assets/*`: the browser app's scripts, styles and decoders, built by Vite with content
 * hashes in their names, so they are cached for a year. Served from our own origin: no CDN.
 */
export const staticAssetRoutes: FastifyPluginAsync<{ distDir: string }> = async (app, { distDir }) => {
  const root = path.join(distDir, 'assets');
  if (!fs.existsSync(root)) return;
  await app.register(fastifyStatic, {
    root,
    prefix: '/static/assets/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    etag: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
    },
  });
};
