import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../services/services.ts';
import { ErrorBody } from '../../contract/common.ts';
import { PlaceSearchAnswer, PlaceSearchQuery } from '../../contract/places.ts';
import { GeocoderUnavailableError } from '../../geocoding/geocoder.ts';
import { INVALID_KEY } from '../api-key-auth.ts';
import { HttpError } from '../http-error.ts';

export const GEOCODER_UNAVAILABLE = 'The address search is unavailable right now. Try again in a moment, or turn and zoom the view by hand.';

/**
 * `GET /api/viewer/places`: the address search of `/embed` and `/viewer`, answered by the geocoder the
 * settings name (`GEOCODER_URL`) within the embed's partner's search area.
 */
export const placeRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/api/viewer/places',
    {
      schema: {
        summary: 'Address search for a viewer page',
        description: 'Used by the embed and viewer pages. With the embed’s key, only places in the partner’s search area (countries, a box; set in the Partner Portal). At most 300 searches per hour per address; 503 when the geocoder does not answer.',
        tags: ['Viewer'],
        querystring: PlaceSearchQuery,
        response: { 200: PlaceSearchAnswer, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      try {
        const places = await services.places.search(request.query, request.ip, services.now());
        if (!places) throw new HttpError(401, INVALID_KEY);
        // Answers depend on the key's area and the geocoder's data: a visitor's browser may keep them briefly.
        void reply.header('cache-control', 'private, max-age=300');
        return { places };
      } catch (error) {
        if (!(error instanceof GeocoderUnavailableError)) throw error;
        request.log.warn({ reason: error.message }, 'geocoder unavailable');
        throw new HttpError(503, GEOCODER_UNAVAILABLE);
      }
    },
  );
};
