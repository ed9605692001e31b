import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bearerKeyHook } from '../api-key-auth.ts';
import { HttpError } from '../http-error.ts';
import { rateLimitHeaders } from '../rate-limit-headers.ts';
import { BUILDING_LIST_EXAMPLE, PANELS_EXAMPLE } from '../../contract/insights-example.ts';
import { ErrorBody } from '../../contract/common.ts';
import { DEFAULT_RADIUS_KM, ModelIdParams, ModelJob, ModelRequestBody } from '../../contract/models.ts';
import { BuildingList, BuildingParams, OneBuilding } from '../../contract/insights.ts';
import type { InsightsAnswer, ModelInsights } from '../../services/roof-insights-service.ts';
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

  app.get(
    '/api/v1/models/:id/buildings',
    {
      schema: {
        summary: 'Roof insights: every building of a ready model, its roof faces and largest panel array',
        description:
          'For each building of the model: its roof faces (pitch, azimuth, area, centre, outline) with their yearly irradiation per m², shading by the model’s terrain, buildings and trees included, and the largest array the Solar Wizard’s layout places on the roof with its yearly energy (the wizard’s panel, layout, shading and yield rules; irradiance from PVGIS, asked on a grid of 15° of tilt and 30° of azimuth and interpolated between as for `POST /api/solar/calculate`, or the local fallback when PVGIS is unreachable). The first read of a model computes them (seconds for a 0.3 km model: the shading of about 1,000 panels is traced while irradiance not yet cached is asked from PVGIS, at most 73 calls a place at up to 30 calls a second); later reads are served from a cache in milliseconds. 404 until the model is `ready`.',
        tags: ['Models'],
        security,
        params: ModelIdParams,
        response: { 200: { ...BuildingList, examples: [BUILDING_LIST_EXAMPLE] }, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const insights = readyInsights(await services.insights.read(request.params.id), request.params.id);
      // The answer is kept serialised: a cached read only sends it.
      // (a string is sent as it is, so the schema's type does not apply to it)
      return reply.type('application/json; charset=utf-8').send(insights.json as never);
    },
  );

  app.get(
    '/api/v1/models/:id/buildings/:buildingId',
    {
      schema: {
        summary: 'Roof insights of one building',
        description: 'One building of GET /api/v1/models/:id/buildings, by its id with the slash URL-encoded (e.g. `way%2F94252435`), with every panel of its largest array: where it is, its face, its shading loss and its yearly energy. 404 until the model is `ready`, and for an id the model does not hold.',
        tags: ['Models'],
        security,
        params: BuildingParams,
        response: { 200: { ...OneBuilding, examples: [{ modelId: BUILDING_LIST_EXAMPLE.modelId, assumptions: BUILDING_LIST_EXAMPLE.assumptions, building: BUILDING_LIST_EXAMPLE.buildings[0], panels: PANELS_EXAMPLE }] }, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const insights = readyInsights(await services.insights.read(request.params.id), request.params.id);
      const found = insights.byId.get(request.params.buildingId);
      if (!found) throw new HttpError(404, `Building ${request.params.buildingId} is not in model ${request.params.id}; GET /api/v1/models/${request.params.id}/buildings lists its buildings`);
      return { modelId: insights.list.modelId, assumptions: insights.list.assumptions, building: found.building, panels: found.panels };
    },
  );
};

/** The insights of a ready model, or the 404 that says why there are none. */
function readyInsights(answer: InsightsAnswer, id: string): ModelInsights {
  if (answer.kind === 'missing') throw new HttpError(404, 'Model not found');
  if (answer.kind === 'not-ready') throw new HttpError(404, `Model ${id} is ${answer.status}, not ready; roof insights exist once GET /api/v1/models/${id} answers status ready`);
  return answer.insights;
}
