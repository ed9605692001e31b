import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/services.ts';
import { DEFAULT_RADIUS_KM } from '../../contract/models.ts';
import { siteTimeZone } from '../../domain/site-time-zone.ts';
import { messagePage } from '../pages/layout.ts';
import { Latitude, Longitude } from '../../contract/common.ts';
import type { ViewerPageTemplate } from '../viewer-page.ts';
import { sendPageError, sendViewerPage } from '../viewer-response.ts';

const EmbedQuery = Type.Object({
  lat: Latitude,
  lng: Longitude,
  key: Type.Optional(Type.String({ maxLength: 200, description: 'API key (Business plan); a missing key is a 401 page' })),
});

/**
 * `GET /embed?lat&lng&key`: the embeddable viewer page for a partner's iframe. The key is checked like
 * the API's (401 page otherwise); the page may be framed by the key's allowed origins, or by any site
 * when it has none. Not rate limited (SPEC.md).
 */
export const embedRoutes: FastifyPluginAsyncTypebox<{ services: Services; viewerPage: ViewerPageTemplate }> = async (app, { services, viewerPage }) => {
  app.get(
    '/embed',
    {
      schema: {
        summary: 'Embeddable 3D viewer page',
        description: 'HTML page for an iframe (`allow="fullscreen"`): the HD model of the location with a time slider for shadows. 400 page for a bad location, 401 page for a missing, unknown or revoked key.',
        tags: ['Viewer'],
        querystring: EmbedQuery,
        produces: ['text/html'],
      },
      errorHandler: (error, request, reply) => sendPageError(error, request, reply, EmbedQuery),
    },
    async (request, reply) => {
      const key = request.query.key ?? '';
      const owner = key === '' ? undefined : await services.authenticator.authenticate(key, services.now());
      if (!owner) {
        return reply.code(401).type('text/html; charset=utf-8').send(messagePage('This viewer is not available', 'Invalid or revoked API key. The site owner can create a new key in the Partner Portal.', 'bare'));
      }
      const { lat: latitude, lng: longitude } = request.query;
      const frameAncestors = owner.allowedOrigins.length > 0 ? owner.allowedOrigins : ['*'];
      const leadForm = await services.profiles.leadForm(owner.accountId);
      return sendViewerPage(reply, viewerPage, services.modelFilesUrl, frameAncestors, {
        mode: 'embed',
        wizardAccess: 'full',
        latitude,
        longitude,
        radiusKm: DEFAULT_RADIUS_KM,
        timeZone: siteTimeZone(latitude, longitude),
        key,
        ...(leadForm ? { leadForm } : {}),
      });
    },
  );
};
