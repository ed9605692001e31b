import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AccountsRepository } from '../../src/db/accounts-repository.ts';
import { StripeBilling } from '../../src/billing/stripe-billing.ts';
import { STRIPE_BODY_LIMIT_BYTES } from '../../src/http/routes/billing.ts';
import { signedInPartner } from '../helpers/partner-session.ts';
import { createTestContext, json, type TestContext } from '../helpers/test-context.ts';
import { SmtpStandIn } from '../stand-ins/smtp-stand-in.ts';
import { StripeStandIn } from '../stand-ins/stripe-stand-in.ts';

const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_test_secret', STRIPE_PRICE_PRO: 'price_pro', STRIPE_PRICE_BUSINESS: 'price_business' };

describe('plans through Stripe', () => {
  let ctx: TestContext;
  let smtp: SmtpStandIn;
  let stripe: StripeStandIn;
  let signer: StripeBilling;
  before(async () => {
    smtp = await SmtpStandIn.start();
    stripe = await StripeStandIn.start();
    ctx = await createTestContext({ smtpUrl: smtp.url, env: { ...STRIPE_ENV, STRIPE_API_BASE: stripe.url } });
    signer = new StripeBilling({ secretKey: 'sk_test_123', webhookSecret: 'whsec_test_secret', prices: { pro: 'price_pro', business: 'price_business' } });
  });
  after(async () => {
    await ctx.close();
    await smtp.down();
    await stripe.close();
  });

  /** Posts an event to the webhook, signed with the library's test helper (or not). */
  const deliver = (event: object, signature?: string) => {
    const payload = JSON.stringify(event);
    return ctx.app.inject({ method: 'POST', url: '/api/billing/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? signer.testSignature(payload) } });
  };
  const checkoutCompleted = (id: string, accountId: number, plan: string) => ({
    id, object: 'event', type: 'checkout.session.completed', api_version: '2025-01-01', created: 1, livemode: false, pending_webhooks: 1, request: null,
    data: { object: { id: 'cs_test_1', object: 'checkout.session', mode: 'subscription', customer: 'cus_test_1', client_reference_id: String(accountId), metadata: { accountId: String(accountId), plan } } },
  });

  test('upgrade: the portal sends the partner to Stripe Checkout with the plan’s price and the account', async () => {
    const { browser, csrf } = await signedInPartner(ctx, smtp, 'buyer@example.com');
    assert.match((await browser.get('/partner')).body, /Upgrade to Business · 99 EUR\/month/);
    const response = await browser.post('/partner/billing/checkout', { _csrf: csrf, plan: 'business' });
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, 'https://checkout.stripe.com/c/pay/cs_test_1');
    const call = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    assert.equal(call.form.get('line_items[0][price]'), 'price_business');
    assert.equal(call.form.get('metadata[plan]'), 'business');
    assert.equal(call.form.get('customer_email'), 'buyer@example.com');
    assert.equal(call.form.get('success_url'), 'https://solar.example.com/partner?billing=done');
    assert.equal(call.authorization, 'Bearer sk_test_123');
  });

  test('signed webhooks set the plan once; a bad signature is refused; a downgrade stops the keys at once', async () => {
    const accounts = new AccountsRepository(ctx.database.db);
    const { browser, csrf } = await signedInPartner(ctx, smtp, 'webhook@example.com');
    const account = (await accounts.findByEmail('webhook@example.com'))!;

    const forged = await deliver(checkoutCompleted('evt_forged', account.id, 'business'), 't=1,v1=deadbeef');
    assert.equal(forged.statusCode, 400);
    assert.equal(json(forged).error, 'Invalid Stripe signature');
    assert.equal((await accounts.findById(account.id))!.plan, 'free');
    const oversized = await ctx.app.inject({ method: 'POST', url: '/api/billing/stripe', payload: `{"pad":"${'x'.repeat(STRIPE_BODY_LIMIT_BYTES)}"}`, headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=0' } });
    assert.equal(oversized.statusCode, 413);
    assert.equal(json(oversized).error, `Request body is too large; the limit is ${STRIPE_BODY_LIMIT_BYTES} bytes`);

    const applied = await deliver(checkoutCompleted('evt_1', account.id, 'business'));
    assert.equal(applied.statusCode, 200);
    assert.equal(json(applied).outcome, 'applied');
    const upgraded = (await accounts.findById(account.id))!;
    assert.equal(upgraded.plan, 'business');
    assert.equal(upgraded.billingCustomerId, 'cus_test_1');
    assert.equal(json(await deliver(checkoutCompleted('evt_1', account.id, 'business'))).outcome, 'duplicate', 'the same event again changes nothing');

    const key = /id="new-key">(spk_[A-Za-z0-9_-]+)</.exec((await browser.follow(await browser.post('/partner/keys', { _csrf: csrf, name: 'site' }))).body)![1];
    const api = () => ctx.app.inject({ method: 'GET', url: '/api/v1/models/hd_1_2_0.3', headers: { authorization: `Bearer ${key}` } });
    assert.equal((await api()).statusCode, 404, 'the key works on Business');

    const manage = await browser.post('/partner/billing/manage', { _csrf: csrf });
    assert.equal(manage.headers.location, 'https://billing.stripe.com/p/session/test_1');
    assert.equal(stripe.requests.find((r) => r.path === '/v1/billing_portal/sessions')!.form.get('customer'), 'cus_test_1');

    const cancelled = await deliver({
      id: 'evt_2', object: 'event', type: 'customer.subscription.deleted', api_version: '2025-01-01', created: 2, livemode: false, pending_webhooks: 1, request: null,
      data: { object: { id: 'sub_1', object: 'subscription', customer: 'cus_test_1', status: 'canceled', metadata: {}, items: { object: 'list', data: [{ price: { id: 'price_business' } }] } } },
    });
    assert.equal(json(cancelled).outcome, 'applied');
    assert.equal((await accounts.findById(account.id))!.plan, 'free');
    assert.equal((await api()).statusCode, 401, 'a downgrade from Business stops the key at once');
  });

  test('without Stripe settings the webhook does not exist and the portal says whom to ask', async () => {
    const manual = await createTestContext({ smtpUrl: smtp.url, env: { SUPPORT_EMAIL: 'plans+solar@operator.example' } });
    try {
      assert.equal((await manual.app.inject({ method: 'POST', url: '/api/billing/stripe', payload: '{}', headers: { 'content-type': 'application/json' } })).statusCode, 404);
      const { browser } = await signedInPartner(manual, smtp, 'manual@example.com');
      assert.match((await browser.get('/partner')).body, /write to <a href="mailto:plans%2Bsolar@operator\.example">plans\+solar@operator\.example<\/a> from manual@example\.com/);
    } finally {
      await manual.close();
    }
    // Without SUPPORT_EMAIL the portal names no address it does not have.
    const unset = await createTestContext({ smtpUrl: smtp.url });
    try {
      const { browser } = await signedInPartner(unset, smtp, 'unset@example.com');
      assert.match((await browser.get('/partner')).body, /To change it, ask the operator of this service, from unset@example\.com\./);
    } finally {
      await unset.close();
    }
  });
});
