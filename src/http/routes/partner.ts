import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/services.ts';
import { EMAIL_MAX_LENGTH } from '../../domain/credentials.ts';
import { Latitude, Longitude, OneLine } from '../../contract/common.ts';
import { decimalNumber } from '../../contract/number-text.ts';
import { placeForSnippet } from '../../domain/sample-place.ts';
import { InvalidRequestError } from '../../domain/invalid-request-error.ts';
import { NotAllowedError } from '../../domain/not-allowed-error.ts';
import type { SignInSession } from '../../services/account-service.ts';
import { checkForm, setNewKeyCookie, signedIn, takeNewKeyCookie } from '../browser-auth.ts';
import { messagePage } from '../pages/layout.ts';
import { sendPage } from '../pages/send-page.ts';
import { leadsCsv } from '../leads-csv.ts';
import { leadsPage } from '../pages/leads-page.ts';
import { newKeyPage, portalPage, revokeKeyPage, type PortalView } from '../pages/partner-pages.ts';

const Csrf = Type.String({ maxLength: 100 });
/** A key's id: the database's integer column holds up to 2³¹ − 1. */
const KeyParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const BILLING = { done: 'Thank you: your plan changes as soon as the payment is confirmed (a few seconds).', cancelled: 'The checkout was cancelled; nothing was charged.' } as const;
const DONE = { created: 'The key is created.', revoked: 'The key is revoked: requests with it fail from now on.', origins: 'The allowed sites are saved.', profile: 'Your profile is saved.', 'search-area': 'The search area is saved.', prices: 'The prices are saved: your viewer’s Solar Wizard starts from them.' } as const;
/** The place the partner chose for the embed, sent back by the portal's forms so that saving keeps it. */
const PlaceFields = { lat: Type.Optional(Type.String({ maxLength: 40 })), lng: Type.Optional(Type.String({ maxLength: 40 })) };
const DoneQuery = Type.Object({
  done: Type.Optional(Type.Enum(Object.keys(DONE))),
  billing: Type.Optional(Type.Enum(Object.keys(BILLING))),
  lat: Type.Optional(Latitude),
  lng: Type.Optional(Longitude),
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in partner (set for every /partner route). */
    partner: SignInSession;
  }
}

/**
 * The Partner Portal: plan, API keys (created and shown once, revoked after a confirmation, allowed
 * sites for the embed), profile with lead capture, and usage. Every route needs a signed-in browser;
 * every form carries the session's anti-forgery value.
 */
export const partnerRoutes: FastifyPluginAsyncTypebox<{ services: Services; publicBaseUrl: string; supportEmail?: string }> = async (app, { services, publicBaseUrl, supportEmail }) => {
  const viewerOf = (request: FastifyRequest) => ({ email: request.partner.account.email, csrfToken: request.partner.csrfToken });
  const portal = async (request: FastifyRequest, reply: FastifyReply, notes: Pick<PortalView, 'info' | 'error' | 'typedPrices' | 'typedProfile' | 'typedSearchArea'> & { place?: PortalView['place'] } = {}, status = 200) => {
    const account = request.partner.account;
    const [keys, usage] = await Promise.all([services.apiKeys.list(account.id), services.profiles.usage(account.id)]);
    const chosen = notes.place ?? chosenPlace(request.body as PlaceForm | undefined);
    const place = chosen ?? placeForSnippet(account.searchArea.box);
    return sendPage(reply, portalPage({ viewer: viewerOf(request), account, keys, usage, publicBaseUrl, billing: services.billing.kind, supportEmail, ...notes, place, placeChosen: chosen !== undefined }), status);
  };

  app.decorateRequest('partner', null as unknown as SignInSession);
  app.addHook('preHandler', async (request, reply) => {
    const partner = await signedIn(request, services);
    if (!partner) return reply.redirect('/auth/login', 303);
    request.partner = partner;
    if (request.method === 'POST') checkForm(request, publicBaseUrl, (request.body as { _csrf?: string } | undefined)?._csrf, partner.csrfToken);
  });
  app.get('/partner', { schema: { hide: true, querystring: DoneQuery } }, async (request, reply) => {
    const { done, billing, lat, lng } = request.query;
    const place = lat !== undefined && lng !== undefined ? { latitude: lat, longitude: lng } : undefined;
    return portal(request, reply, { info: done ? DONE[done as keyof typeof DONE] : billing ? BILLING[billing as keyof typeof BILLING] : undefined, place });
  });

  app.get('/partner/leads', { schema: { hide: true, querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })) }) } }, async (request, reply) => {
    const pageNumber = request.query.page ?? 1;
    const { leads, total, pages } = await services.profiles.leadsPage(request.partner.account.id, pageNumber);
    return sendPage(reply, leadsPage(viewerOf(request), leads, pageNumber, pages, total));
  });

  app.get('/partner/leads.csv', { schema: { hide: true } }, async (request, reply) => {
    const leads = await services.profiles.allLeads(request.partner.account.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="leads-${services.now().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(leadsCsv(leads));
  });

  app.post('/partner/billing/checkout', { schema: { hide: true, body: Type.Object({ _csrf: Csrf, plan: Type.Enum(['pro', 'business']) }) } }, async (request, reply) => {
    const url = await services.billing.checkoutUrl(request.partner.account, request.body.plan as 'pro' | 'business', `${publicBaseUrl}/partner`);
    if (!url) return portal(request, reply, { error: 'Plans are set by us on this service: write to us to change yours.' }, 400);
    // The address comes from Stripe's API, never from the request.
    return reply.redirect(url, 303);
  });

  app.post('/partner/billing/manage', { schema: { hide: true, body: Type.Object({ _csrf: Csrf }) } }, async (request, reply) => {
    const url = await services.billing.managementUrl(request.partner.account, `${publicBaseUrl}/partner`);
    if (!url) return portal(request, reply, { error: 'There is no subscription to manage yet.' }, 400);
    return reply.redirect(url, 303);
  });

  // The new key, once: after the redirect from its form, from a cookie the page clears.
  app.get('/partner/keys/new', { schema: { hide: true } }, async (request, reply) => {
    const handed = takeNewKeyCookie(request, reply);
    const keys = handed ? await services.apiKeys.list(request.partner.account.id) : [];
    const key = keys.find((candidate) => candidate.id === handed?.id && !candidate.revokedAt && handed.secret.startsWith(candidate.prefix));
    if (!key || !handed) return sendPage(reply, messagePage('The key was shown once', 'A key is shown only once, right after it is made. If it was not copied, revoke it in the portal and create another.'));
    const place = placeForSnippet(request.partner.account.searchArea.box);
    return sendPage(reply, newKeyPage(viewerOf(request), key.name, handed.secret, { publicBaseUrl, place }));
  });

  app.post('/partner/keys', { schema: { hide: true, body: Type.Object({ _csrf: Csrf, name: OneLine(80, 'Name of the key', false) }) } }, async (request, reply) => {
    try {
      const { secret, summary } = await services.apiKeys.create(request.partner.account, request.body.name, 'partner');
      setNewKeyCookie(reply, summary.id, secret, publicBaseUrl);
      return reply.redirect('/partner/keys/new', 303);
    } catch (error) {
      if (error instanceof NotAllowedError) return portal(request, reply, { error: error.message }, 403);
      if (error instanceof InvalidRequestError) return portal(request, reply, { error: error.message }, 400);
      throw error;
    }
  });

  app.get('/partner/keys/:id/revoke', { schema: { hide: true, params: KeyParams } }, async (request, reply) => {
    const key = await services.apiKeys.findActive(request.partner.account.id, request.params.id);
    if (!key) return sendPage(reply, messagePage('No such key', 'This key does not exist or is already revoked.'), 404);
    return sendPage(reply, revokeKeyPage(viewerOf(request), key));
  });

  app.post('/partner/keys/:id/revoke', { schema: { hide: true, params: KeyParams, body: Type.Object({ _csrf: Csrf }) } }, async (request, reply) => {
    const revoked = await services.apiKeys.revoke(request.partner.account.id, request.params.id, services.now());
    if (!revoked) return sendPage(reply, messagePage('No such key', 'This key does not exist or is already revoked.'), 404);
    return reply.redirect('/partner?done=revoked', 303);
  });

  app.post('/partner/keys/:id/origins', { schema: { hide: true, params: KeyParams, body: Type.Object({ _csrf: Csrf, origins: Type.String({ maxLength: 4000 }), ...PlaceFields }) } }, async (request, reply) => {
    const sites = request.body.origins.split(/[\s,]+/).filter(Boolean);
    let saved: boolean;
    try {
      saved = await services.apiKeys.setAllowedOrigins(request.partner.account.id, request.params.id, sites);
    } catch (error) {
      if (error instanceof InvalidRequestError) return portal(request, reply, { error: error.message }, 400);
      throw error;
    }
    if (!saved) return sendPage(reply, messagePage('No such key', 'This key does not exist.'), 404);
    return reply.redirect(portalAddress('origins', request.body), 303);
  });

  app.post('/partner/search-area', {
    schema: { hide: true, body: Type.Object({ _csrf: Csrf, countries: Type.String({ maxLength: 200 }), box: Type.String({ maxLength: 200 }), ...PlaceFields }) },
  }, async (request, reply) => {
    try {
      await services.profiles.updateSearchArea(request.partner.account.id, request.body);
    } catch (error) {
      if (error instanceof InvalidRequestError) return portal(request, reply, { error: error.message, typedSearchArea: { countries: request.body.countries, box: request.body.box } }, 400);
      throw error;
    }
    return reply.redirect(portalAddress('search-area', request.body), 303);
  });

  app.post('/partner/prices', {
    schema: {
      hide: true,
      body: Type.Object({ _csrf: Csrf, currency: Type.String({ maxLength: 20 }), costPerKwp: Type.String({ maxLength: 30 }), tariff: Type.String({ maxLength: 30 }), exportTariff: Type.String({ maxLength: 30 }), ...PlaceFields }),
    },
  }, async (request, reply) => {
    const { _csrf, ...typed } = request.body;
    try {
      await services.profiles.updatePrices(request.partner.account, typed);
    } catch (error) {
      if (error instanceof NotAllowedError) return portal(request, reply, { error: error.message }, 403);
      // The fields keep what was typed, to be corrected rather than typed again.
      if (error instanceof InvalidRequestError) return portal(request, reply, { error: error.message, typedPrices: typed }, 400);
      throw error;
    }
    return reply.redirect(portalAddress('prices', request.body), 303);
  });

  app.post('/partner/profile', {
    schema: {
      hide: true,
      body: Type.Object({
        _csrf: Csrf,
        companyName: OneLine(120, 'Company name, as the reports and e-mails show it', false),
        leadCapture: Type.Optional(Type.Literal('on')),
        notificationEmail: Type.String({ maxLength: EMAIL_MAX_LENGTH }),
        privacyUrl: Type.String({ maxLength: 500 }),
        ...PlaceFields,
      }),
    },
  }, async (request, reply) => {
    const { companyName, leadCapture, notificationEmail, privacyUrl } = request.body;
    const typed = { companyName, leadCapture: leadCapture === 'on', notificationEmail, privacyUrl };
    try {
      await services.profiles.updateProfile(request.partner.account.id, typed);
    } catch (error) {
      if (error instanceof InvalidRequestError) return portal(request, reply, { error: error.message, typedProfile: typed }, 400);
      throw error;
    }
    return reply.redirect(portalAddress('profile', request.body), 303);
  });
};

/** The place fields a portal form sends back. */
interface PlaceForm {
  lat?: string;
  lng?: string;
}

/** The place the partner chose for the embed, as a form sent it back, when it is one. */
function chosenPlace(form: PlaceForm | undefined): { latitude: number; longitude: number } | undefined {
  const [latitude, longitude] = [decimalNumber(form?.lat), decimalNumber(form?.lng)];
  if (latitude === undefined || longitude === undefined || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude };
}

/** The portal after saving `done`, at the place the partner chose for the embed, if any. */
function portalAddress(done: keyof typeof DONE, form: PlaceForm): string {
  const place = chosenPlace(form);
  const query = new URLSearchParams({ done, ...(place ? { lat: String(place.latitude), lng: String(place.longitude) } : {}) });
  return `/partner?${query.toString()}`;
}
