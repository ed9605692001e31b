import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/services.ts';
import { EMAIL_MAX_LENGTH, isEmailAddress } from '../../domain/credentials.ts';
import { planAllowsApi } from '../../domain/plans.ts';
import { siteOrigin } from '../../domain/site-origin.ts';
import type { SignedIn } from '../../services/account-service.ts';
import { checkForm, signedIn } from '../browser-auth.ts';
import { messagePage } from '../html.ts';
import { sendPage } from '../pages/send-page.ts';
import { leadsCsv } from '../leads-csv.ts';
import { leadsPage } from '../pages/leads-page.ts';
import { newKeyPage, portalPage, revokeKeyPage } from '../pages/partner-pages.ts';

const Csrf = Type.String({ maxLength: 100 });
const KeyParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const BILLING = { done: 'Thank you: your plan changes as soon as the payment is confirmed (a few seconds).', cancelled: 'The checkout was cancelled; nothing was charged.' } as const;
const DONE = { created: 'The key is created.', revoked: 'The key is revoked: requests with it fail from now on.', origins: 'The allowed sites are saved.', profile: 'Your profile is saved.' } as const;
const DoneQuery = Type.Object({ done: Type.Optional(Type.Enum(Object.keys(DONE))), billing: Type.Optional(Type.Enum(Object.keys(BILLING))) });
const MAX_ORIGINS = 20;
const LEADS_PER_PAGE = 20;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in partner (set for every /partner route). */
    partner: SignedIn;
  }
}

/**
 * The Partner Portal: plan, API keys (created and shown once, revoked after a confirmation, allowed
 * sites for the embed), profile with lead capture, and usage. Every route needs a signed-in browser;
 * every form carries the session's anti-forgery value.
 */
export const partnerRoutes: FastifyPluginAsyncTypebox<{ services: Services; publicBaseUrl: string }> = async (app, { services, publicBaseUrl }) => {
  const viewerOf = (request: FastifyRequest) => ({ email: request.partner.account.email, csrfToken: request.partner.csrfToken });
  const portal = async (request: FastifyRequest, reply: FastifyReply, notes: { info?: string; error?: string } = {}, status = 200) => {
    const account = request.partner.account;
    const [keys, usage] = await Promise.all([services.apiKeys.list(account.id), services.usage.summary(account.id)]);
    return sendPage(reply, portalPage({ viewer: viewerOf(request), account, keys, usage, publicBaseUrl, billing: services.billing.kind, ...notes }), status);
  };

  app.decorateRequest('partner', null as unknown as SignedIn);
  app.addHook('preHandler', async (request, reply) => {
    const partner = await signedIn(request, services);
    if (!partner) return reply.redirect('/auth/login', 303);
    request.partner = partner;
    if (request.method === 'POST') checkForm(request, publicBaseUrl, (request.body as { _csrf?: string } | undefined)?._csrf, partner.csrfToken);
  });
  app.get('/partner', { schema: { hide: true, querystring: DoneQuery } }, async (request, reply) => {
    const { done, billing } = request.query;
    return portal(request, reply, { info: done ? DONE[done as keyof typeof DONE] : billing ? BILLING[billing as keyof typeof BILLING] : undefined });
  });

  app.get('/partner/leads', { schema: { hide: true, querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })) }) } }, async (request, reply) => {
    const pageNumber = request.query.page ?? 1;
    const { leads, total } = await services.leadsRepository.page(request.partner.account.id, (pageNumber - 1) * LEADS_PER_PAGE, LEADS_PER_PAGE);
    return sendPage(reply, leadsPage(viewerOf(request), leads, pageNumber, Math.max(1, Math.ceil(total / LEADS_PER_PAGE)), total));
  });

  app.get('/partner/leads.csv', { schema: { hide: true } }, async (request, reply) => {
    const { leads } = await services.leadsRepository.page(request.partner.account.id, 0, 100_000);
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

  app.post('/partner/keys', { schema: { hide: true, body: Type.Object({ _csrf: Csrf, name: Type.String({ maxLength: 80 }) }) } }, async (request, reply) => {
    const account = request.partner.account;
    const name = request.body.name.trim();
    if (!planAllowsApi(account.plan)) return portal(request, reply, { error: 'API keys need the Business plan.' }, 403);
    if (!account.emailVerified) return portal(request, reply, { error: 'Confirm your e-mail address first: open the link we sent you.' }, 403);
    if (name === '') return portal(request, reply, { error: 'Give the key a name, e.g. “website”.' }, 400);
    const { secret } = await services.apiKeys.create(account.id, name);
    return sendPage(reply, newKeyPage(viewerOf(request), name, secret));
  });

  app.get('/partner/keys/:id/revoke', { schema: { hide: true, params: KeyParams } }, async (request, reply) => {
    const key = (await services.apiKeys.list(request.partner.account.id)).find((k) => k.id === request.params.id && !k.revokedAt);
    if (!key) return sendPage(reply, messagePage('No such key', 'This key does not exist or is already revoked.'), 404);
    return sendPage(reply, revokeKeyPage(viewerOf(request), key));
  });

  app.post('/partner/keys/:id/revoke', { schema: { hide: true, params: KeyParams, body: Type.Object({ _csrf: Csrf }) } }, async (request, reply) => {
    const revoked = await services.apiKeys.revokeForAccount(request.partner.account.id, request.params.id, services.now());
    // Other instances hear of it through the database; this one forgets the key before answering.
    services.authenticator.invalidate();
    if (!revoked) return sendPage(reply, messagePage('No such key', 'This key does not exist or is already revoked.'), 404);
    return reply.redirect('/partner?done=revoked', 303);
  });

  app.post('/partner/keys/:id/origins', { schema: { hide: true, params: KeyParams, body: Type.Object({ _csrf: Csrf, origins: Type.String({ maxLength: 4000 }) }) } }, async (request, reply) => {
    const lines = request.body.origins.split(/[\s,]+/).filter(Boolean);
    const bad = lines.find((line) => !siteOrigin(line));
    if (bad) return portal(request, reply, { error: `“${bad}” is not a site address. Write one address per line, starting with https://, such as https://www.your-site.example.` }, 400);
    if (lines.length > MAX_ORIGINS) return portal(request, reply, { error: `At most ${MAX_ORIGINS} sites per key.` }, 400);
    const origins = [...new Set(lines.map((line) => siteOrigin(line)!))];
    const saved = await services.apiKeys.setAllowedOriginsForAccount(request.partner.account.id, request.params.id, origins);
    services.authenticator.invalidate();
    if (!saved) return sendPage(reply, messagePage('No such key', 'This key does not exist.'), 404);
    return reply.redirect('/partner?done=origins', 303);
  });

  app.post('/partner/profile', {
    schema: {
      hide: true,
      body: Type.Object({
        _csrf: Csrf,
        companyName: Type.String({ maxLength: 120 }),
        leadCapture: Type.Optional(Type.Literal('on')),
        notificationEmail: Type.String({ maxLength: EMAIL_MAX_LENGTH }),
        privacyUrl: Type.String({ maxLength: 500 }),
      }),
    },
  }, async (request, reply) => {
    const body = request.body;
    const notificationEmail = body.notificationEmail.trim();
    const privacyUrl = body.privacyUrl.trim();
    const leadCapture = body.leadCapture === 'on';
    if (notificationEmail && !isEmailAddress(notificationEmail)) return portal(request, reply, { error: 'The lead e-mail must be an address such as sales@your-site.example.' }, 400);
    if (leadCapture && !notificationEmail) return portal(request, reply, { error: 'Lead capture needs an address to send the leads to.' }, 400);
    if (privacyUrl && !/^https?:\/\//i.test(privacyUrl)) return portal(request, reply, { error: 'The privacy notice must be a web address starting with https://.' }, 400);
    await services.accountsRepository.updateProfile(request.partner.account.id, {
      companyName: body.companyName.trim() || null,
      leadCapture,
      notificationEmail: notificationEmail || null,
      privacyUrl: privacyUrl || null,
    });
    return reply.redirect('/partner?done=profile', 303);
  });
};
