import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../services/services.ts';
import { modelId, normaliseArea } from '../../domain/model-id.ts';
import { consumeRateLimit, HOUR_MS } from '../../services/rate-limiter.ts';
import { INVALID_KEY } from '../api-key-auth.ts';
import { planIncludesPro } from '../../domain/plans.ts';
import { signedIn } from '../browser-auth.ts';
import { HttpError } from '../http-error.ts';
import { ErrorBody } from '../../contract/common.ts';
import { DEFAULT_RADIUS_KM, ModelIdParams, ModelJob, ViewerModelRequest } from '../../contract/models.ts';

/**
 * Keyless viewer pages may start this many new SD generations per hour from one address. Opening models
 * that exist, reading status and pages themselves are never limited (SPEC.md); this only stops the page
 * route from serving as a free generation API.
 */
export const VIEWER_GENERATIONS_PER_HOUR = 30;
export const VIEWER_GENERATION_LIMIT_MESSAGE = 'Too many new models requested from this address. Maximum 30 new models per hour; models that already exist open at once.';

/** Whether asking for this model would start a generation (none yet, or the last one failed). */
async function needsGeneration(services: Services, id: string): Promise<boolean> {
  const job = await services.models.read(id);
  return job === undefined || job.status === 'failed';
}

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
        description: 'Used by the embed and viewer pages. With the embed key, or for a signed-in Pro user: HD (not metered against the partner quota); otherwise SD, at most 30 new generations per hour per address.',
        tags: ['Viewer'],
        body: ViewerModelRequest,
        response: { 200: ModelJob, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const { latitude, longitude, radiusKm = DEFAULT_RADIUS_KM, key } = request.body;
      const now = services.now();
      let quality: 'hd' | 'sd' = 'sd';
      if (key !== undefined) {
        if (!(await services.authenticator.authenticate(key, now))) throw new HttpError(401, INVALID_KEY);
        quality = 'hd';
      } else {
        const visitor = await signedIn(request, services);
        if (visitor && planIncludesPro(visitor.account.plan)) quality = 'hd';
      }
      const area = { latitude, longitude, radiusKm };
      if (quality === 'sd' && (await needsGeneration(services, modelId('sd', normaliseArea(area))))) {
        await consumeRateLimit(services.limits, { bucket: `viewer-models:ip:${request.ip}`, limit: VIEWER_GENERATIONS_PER_HOUR, windowMs: HOUR_MS, message: VIEWER_GENERATION_LIMIT_MESSAGE }, now);
      }
      const answer = await services.models.request(quality, area, undefined, now);
      return (await services.models.read(answer.view.id)) ?? answer.view;
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
