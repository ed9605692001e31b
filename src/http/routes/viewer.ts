import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/services.ts';
import { DEFAULT_RADIUS_KM } from '../../contract/models.ts';
import { siteTimeZone } from '../../domain/site-time-zone.ts';
import type { ViewerSettings } from '../../domain/viewer-settings.ts';
import { WIZARD_GOALS } from '../../contract/sessions.ts';
import { planIncludesPro } from '../../domain/plans.ts';
import { signedIn } from '../browser-auth.ts';
import { Latitude, Longitude } from '../../contract/common.ts';
import type { ViewerPageTemplate } from '../viewer-page.ts';
import { sendPageError, sendViewerPage } from '../viewer-response.ts';

const ViewerQuery = Type.Object({
  lat: Latitude,
  lng: Longitude,
  session: Type.Optional(Type.String({ maxLength: 100, pattern: '^ses_[A-Za-z0-9_-]+$', description: 'Agent session id (set in viewerUrl)' })),
  wizard: Type.Optional(Type.Enum([...WIZARD_GOALS], { description: 'Preselected Solar Wizard goal' })),
  wizardKwh: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, description: 'Monthly kWh target for cover_bill' })),
  roofLat: Type.Optional(Latitude),
  roofLng: Type.Optional(Longitude),
});

/**
 * `GET /viewer`: the viewer for agent links and directly built links (SPEC.md "Viewer page parameters").
 * With a live `session`, opening the page marks the session opened and starts its model's generation;
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
      const query = request.query;
      // SPEC.md: a signed-in Pro user gets HD and the whole Solar Wizard; everyone else SD and a preview.
      const visitor = await signedIn(request, services);
      const pro = visitor !== undefined && planIncludesPro(visitor.account.plan);
      const session = query.session === undefined ? undefined : await services.agentSessions.open(query.session, pro ? 'hd' : 'sd', services.now());
      const settings: ViewerSettings = {
        mode: 'viewer',
        wizardAccess: pro ? 'full' : 'preview',
        ...(pro ? {} : { upgradeUrl: visitor ? '/partner' : '/auth/signup' }),
        latitude: query.lat,
        longitude: query.lng,
        radiusKm: session?.radiusKm ?? DEFAULT_RADIUS_KM,
        timeZone: siteTimeZone(query.lat, query.lng),
        sessionId: session?.sessionId,
        wizard: withoutUndefined({
          goal: query.wizard ?? session?.wizardGoal ?? undefined,
          monthlyKwh: query.wizardKwh ?? session?.wizardKwh ?? undefined,
          roofLatitude: query.roofLat ?? session?.roofLat ?? undefined,
          roofLongitude: query.roofLng ?? session?.roofLng ?? undefined,
        }),
      };
      return sendViewerPage(reply, viewerPage, services.modelFilesUrl, ["'self'"], settings);
    },
  );
};

function withoutUndefined<T extends object>(value: T): T | undefined {
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return entries.length > 0 ? (Object.fromEntries(entries) as T) : undefined;
}
