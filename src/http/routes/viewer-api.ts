import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../services/services.ts';
import { INVALID_KEY } from '../api-key-auth.ts';
import { signedIn } from '../browser-auth.ts';
import { HttpError } from '../http-error.ts';
import { ErrorBody } from '../../contract/common.ts';
import { ModelIdParams, ModelJob, ViewerModelRequest } from '../../contract/models.ts';

/**
 * Routes for the service's own viewer pages, so the browser never uses the partner API: request the
 * model of the page's location (HD for an embed with a valid key, SD otherwise) and poll its status.
 */
export const viewerApiRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/api/viewer/models',
    {
      schema: {
        summary: 'Model for a viewer page',
        description: 'Used by the embed and viewer pages. With the embed key, or for a signed-in Pro user: HD (not metered against the partner quota); otherwise SD. A request that starts a new generation counts against 30 an hour per visitor address, with or without a key (an embed key is public); places that already have a model open at once. The embed page itself is not rate limited.',
        tags: ['Viewer'],
        body: ViewerModelRequest,
        response: { 200: ModelJob, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const job = await services.viewer.requestModel(request.body, await signedIn(request, services), request.ip, services.now());
      if (!job) throw new HttpError(401, INVALID_KEY);
      return job;
    },
  );

  app.get(
    '/api/viewer/models/:id',
    {
      schema: { summary: 'Status of a viewer page model', tags: ['Viewer'], params: ModelIdParams, response: { 200: ModelJob, 404: ErrorBody } },
    },
    async (request) => {
      const job = await services.models.read(request.params.id);
      if (!job) throw new HttpError(404, 'Model not found');
      return job;
    },
  );
};
