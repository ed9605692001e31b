import Stripe from 'stripe';
import type { Account } from '../db/accounts-repository.ts';
import type { Plan } from '../domain/plans.ts';
import type { BillingProvider, PaidPlan } from './billing-provider.ts';

/** Stripe settings: the secret API key, the webhook signing secret and the price of each plan. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  prices: Record<PaidPlan, string>;
  /** API address for a local stand-in in tests (default: Stripe's). */
  apiBase?: string;
}

/** A verified Stripe event reduced to what changes a plan. */
export type PlanChange =
  | { kind: 'plan'; eventId: string; eventType: string; accountId?: number; customerId?: string; plan: Plan }
  | { kind: 'ignored'; eventId: string; eventType: string };

/**
 * Stripe Checkout for upgrades, the Stripe customer portal for changes, and signed webhooks that set
 * the plan. The official library verifies signatures and talks to the API.
 */
export class StripeBilling implements BillingProvider {
  readonly kind = 'stripe' as const;
  readonly #stripe: Stripe;
  readonly #settings: StripeSettings;

  constructor(settings: StripeSettings) {
    this.#settings = settings;
    this.#stripe = new Stripe(settings.secretKey, stripeHostOptions(settings.apiBase));
  }

  async checkoutUrl(account: Account, plan: PaidPlan, returnUrl: string): Promise<string | undefined> {
    const session = await this.#stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: this.#settings.prices[plan], quantity: 1 }],
      client_reference_id: String(account.id),
      metadata: { accountId: String(account.id), plan },
      subscription_data: { metadata: { accountId: String(account.id), plan } },
      ...(account.billingCustomerId ? { customer: account.billingCustomerId } : { customer_email: account.email }),
      success_url: `${returnUrl}?billing=done`,
      cancel_url: `${returnUrl}?billing=cancelled`,
    });
    return session.url ?? undefined;
  }

  async managementUrl(account: Account, returnUrl: string): Promise<string | undefined> {
    if (!account.billingCustomerId) return undefined;
    const session = await this.#stripe.billingPortal.sessions.create({ customer: account.billingCustomerId, return_url: returnUrl });
    return session.url;
  }

  /**
   * Verifies a webhook's signature and reads the plan it sets.
   *
   * @throws Error when the signature does not match the payload (a forged or altered request)
   */
  planChange(payload: Buffer, signature: string): PlanChange {
    const event = this.#stripe.webhooks.constructEvent(payload, signature, this.#settings.webhookSecret);
    const base = { eventId: event.id, eventType: event.type };
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const plan = session.metadata?.plan;
        if (session.mode !== 'subscription' || (plan !== 'pro' && plan !== 'business')) return { kind: 'ignored', ...base };
        return { kind: 'plan', ...base, accountId: Number(session.metadata?.accountId ?? session.client_reference_id), customerId: customerIdOf(session.customer), plan };
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const active = event.type === 'customer.subscription.updated' && ['active', 'trialing', 'past_due'].includes(subscription.status);
        const plan = active ? this.#planOfPrice(subscription.items.data[0]?.price.id) : 'free';
        if (!plan) return { kind: 'ignored', ...base };
        const accountId = subscription.metadata?.accountId ? Number(subscription.metadata.accountId) : undefined;
        return { kind: 'plan', ...base, accountId, customerId: customerIdOf(subscription.customer), plan };
      }
      default:
        return { kind: 'ignored', ...base };
    }
  }

  /** Signs a payload as Stripe does, for tests of the webhook (the library's own helper). */
  testSignature(payload: string): string {
    return this.#stripe.webhooks.generateTestHeaderString({ payload, secret: this.#settings.webhookSecret });
  }

  #planOfPrice(priceId: string | undefined): Plan | undefined {
    if (priceId === this.#settings.prices.business) return 'business';
    if (priceId === this.#settings.prices.pro) return 'pro';
    return undefined;
  }
}

function customerIdOf(customer: string | { id: string } | null | undefined): string | undefined {
  return typeof customer === 'string' ? customer : customer?.id;
}

/**
 * The Stripe client's address options for `STRIPE_API_BASE` (none: Stripe's own API). A URL without a
 * port uses its scheme's (`new URL('https://api.stripe.com').port` is '').
 */
export function stripeHostOptions(apiBase: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiBase) return {};
  const api = new URL(apiBase);
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  return { host: api.hostname, port: api.port ? Number(api.port) : protocol === 'http' ? 80 : 443, protocol };
}
