import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../services/services.ts';
import { StripeBilling, type PlanChange } from '../../billing/stripe-billing.ts';
import { HttpError } from '../http-error.ts';

/** The largest webhook body taken, bytes. */
export const STRIPE_BODY_LIMIT_BYTES = 512 * 1024;

/**
 * `POST /api/billing/stripe`: Stripe's webhook. The signature is checked against the raw body before
 * anything is read; each event is applied once.
 */
export const billingWebhookRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  // The signature covers the exact bytes Stripe sent, so this route keeps the body unparsed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // The limit is the route's, so a refusal names it (Stripe's events are a few kilobytes).
  app.post('/api/billing/stripe', { schema: { hide: true }, bodyLimit: STRIPE_BODY_LIMIT_BYTES }, async (request) => {
    const billing = services.billing;
    if (!(billing instanceof StripeBilling)) throw new HttpError(404, 'Stripe billing is not enabled on this service');
    let change: PlanChange;
    try {
      change = billing.planChange(request.body as Buffer, String(request.headers['stripe-signature'] ?? ''));
    } catch {
      throw new HttpError(400, 'Invalid Stripe signature');
    }
    const outcome = await services.profiles.applyBillingChange(change);
    request.log.info({ event: change.eventType, eventId: change.eventId, outcome }, 'billing event');
    return { received: true, outcome };
  });
};
