import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bearerKeyHook } from '../api-key-auth.ts';
import { HttpError } from '../http-error.ts';
import { rateLimitHeaders } from '../rate-limit-headers.ts';
import { ErrorBody } from '../../contract/common.ts';
import { DEFAULT_RADIUS_KM, ModelIdParams, ModelJob, ModelRequestBody } from '../../contract/models.ts';
import type { Services } from '../../services/services.ts';

const security = [{ bearerAuth: [] }];

/** `POST /api/v1/models` and `GET /api/v1/models/:id`: the partner API for HD models. */
export const modelRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', bearerKeyHook(services.authenticator, services.now));

  app.post(
    '/api/v1/models',
    {
      schema: {
        summary: 'Request generation of an HD 3D model',
        description:
          'Queues the generation of an HD model for a point and radius, or answers at once with `status` = `ready` and `modelUrl` when a model younger than 30 days exists (not billed). Poll GET /api/v1/models/:id every 5 to 10 s until `ready` or `failed`. Limited to 10 requests per hour per key (sliding window), reported in RateLimit-* headers.',
        tags: ['Models'],
        security,
        body: ModelRequestBody,
        response: { 200: ModelJob, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { latitude, longitude, radiusKm = DEFAULT_RADIUS_KM } = request.body;
      // The key hook ran first and set the owner (or answered 401).
      const answer = await services.models.request('hd', { latitude, longitude, radiusKm }, { kind: 'partner-api', owner: request.apiKeyOwner! }, services.now());
      reply.headers(rateLimitHeaders(answer.rateLimit!));
      return answer.view;
    },
  );

  app.get(
    '/api/v1/models/:id',
    {
      schema: {
        summary: 'Read the status of a model generation',
        description: 'Not rate limited. `progress` is set while processing and when ready; `modelUrl` when ready; `step` describes the current step.',
        tags: ['Models'],
        security,
        params: ModelIdParams,
        response: { 200: ModelJob, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const job = await services.models.read(request.params.id);
      if (!job) throw new HttpError(404, 'Model not found');
      return job;
    },
  );
};
