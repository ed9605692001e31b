import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { HttpError } from '../http-error.ts';

/**
 * `GET /files/*`: model files of the local object store, with ETag, Range and immutable caching (their
 * names carry a content hash), sent as their brotli or gzip copy to clients that accept one (`Vary:
 * Accept-Encoding`; each copy has its own ETag and byte ranges). Not registered when models live in S3.
 */
export const fileRoutes: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  fs.mkdirSync(root, { recursive: true });
  // The file sender refuses folders, hidden files and escapes from the root with a bare "Forbidden".
  app.setErrorHandler((error: FastifyError, request) => {
    if (error.statusCode !== 403) throw error;
    throw new HttpError(403, `${request.url.split('?')[0]} is not a model file: /files/ serves only the files a model's glbUrl names, not folders or hidden files`);
  });
  await app.register(fastifyStatic, {
    root,
    prefix: '/files/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    etag: true,
    lastModified: true,
    acceptRanges: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('access-control-allow-origin', '*');
      // The type of the model itself, also when its compressed copy is sent.
      if (/\.glb(\.br|\.gz)?$/.test(filePath)) reply.header('content-type', 'model/gltf-binary');
    },
  });
};
