import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../services/services.ts';
import { signedIn } from '../browser-auth.ts';
import { ViewerQuery } from '../../contract/viewer.ts';
import type { ViewerPageTemplate } from '../viewer-page.ts';
import { sendPageError, sendViewerPage } from '../viewer-response.ts';

/**
 * `GET /viewer`: the viewer for agent links and directly built links (SPEC.md "Viewer page parameters").
 * With a live `session`, opening the page marks the session opened and starts its model's generation
 * (not when a chat app or crawler fetches it for a link preview);
 * parameters in the URL take precedence over the session's stored presets. Not rate limited.
 */
export const viewerRoutes: FastifyPluginAsyncTypebox<{ services: Services; viewerPage: ViewerPageTemplate }> = async (app, { services, viewerPage }) => {
  app.get(
    '/viewer',
    {
      schema: {
        summary: 'Viewer page for agent and direct links',
        description: 'HTML page: the SD model of the location with a time slider for shadows, and the Solar Wizard presets of the link. With `session`, marks the agent session opened and starts the model generation.',
        tags: ['Viewer'],
        querystring: ViewerQuery,
        produces: ['text/html'],
      },
      errorHandler: (error, request, reply) => sendPageError(error, request, reply, ViewerQuery),
    },
    async (request, reply) => {
      const settings = await services.viewer.viewerPage(request.query, await signedIn(request, services), services.now(), request.headers['accept-language'], request.headers['user-agent']);
      return sendViewerPage(reply, viewerPage, services.modelFilesUrl, ["'self'"], settings);
    },
  );
};
