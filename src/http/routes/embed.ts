import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../services/services.ts';
import { EmbedQuery } from '../../contract/viewer.ts';
import { messagePage } from '../pages/layout.ts';
import { planHint } from '../api-key-auth.ts';
import type { ViewerPageTemplate } from '../viewer-page.ts';
import { sendPageError, sendViewerPage } from '../viewer-response.ts';

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
      const page = await services.viewer.embedPage(request.query, services.now(), request.headers['accept-language']);
      if (!page) {
        const plan = request.query.key ? await services.authenticator.planWithoutApi(request.query.key) : undefined;
        const why = plan !== undefined ? planHint(plan) : looksCut(request.query.key) ? CUT_KEY : 'Invalid or revoked API key. The site owner can create a new key in the Partner Portal.';
        return reply.code(401).type('text/html; charset=utf-8').send(messagePage('This viewer is not available', why, 'bare'));
      }
      return sendViewerPage(reply, viewerPage, services.modelFilesUrl, page.frameAncestors, page.settings);
    },
  );
};

/** What an embed whose key was pasted as the portal shows it (its start and "…", or the placeholder) says. */
const CUT_KEY = 'Invalid or revoked API key. The key in this page is incomplete: the site owner pastes the whole key, shown once when it was created, where the Partner Portal shows only its start.';

/** Whether a key is the portal's short form of one (`spk_AbCd…`) or the snippet's placeholder, not a key. */
function looksCut(key: string | undefined): boolean {
  return key !== undefined && (key.includes('…') || key.includes('...') || key === 'YOUR_KEY');
}
