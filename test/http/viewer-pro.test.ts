import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AccountsRepository } from '../../src/db/accounts-repository.ts';
import { pageSettings } from '../helpers/page-settings.ts';
import { signedInPartner } from '../helpers/partner-session.ts';
import { createTestContext, json, type TestContext } from '../helpers/test-context.ts';
import { SmtpStandIn } from '../stand-ins/smtp-stand-in.ts';

/** Where the viewer page shows figures reserved for Pro. */
const PRO_PLACES = ['fig-kwp', 'fig-kwh', 'fig-specific', 'fig-shading', 'fig-cost', 'fig-payback', 'fig-npv', 'fig-co2', 'wizard-chart', 'wizard-target'];

describe('the viewer for signed-in Pro users', () => {
  let ctx: TestContext;
  let smtp: SmtpStandIn;
  before(async () => {
    smtp = await SmtpStandIn.start();
    ctx = await createTestContext({ smtpUrl: smtp.url });
  });
  after(async () => {
    await ctx.close();
    await smtp.down();
  });

  test('Pro: the whole Solar Wizard and HD models; free and signed-out visitors: the preview and SD', async () => {
    const { browser } = await signedInPartner(ctx, smtp, 'homeowner@example.com');
    const model = async () => json(await ctx.app.inject({ method: 'POST', url: '/api/viewer/models', payload: { latitude: 48.2, longitude: 16.37 }, cookies: Object.fromEntries(browser.cookies) })).id;
    const freePage = (await browser.get('/viewer?lat=48.2&lng=16.37')).body;
    const free = pageSettings(freePage);
    for (const place of PRO_PLACES) assert.ok(!freePage.includes(`id="${place}"`), `the free page has no place for ${place}`);
    assert.ok(freePage.includes('id="fig-panels"'), 'the preview shows the panel count');
    assert.ok(!freePage.includes('<!--pro-->'), 'no marks left in the page');
    assert.equal(free.wizardAccess, 'preview', 'free plan');
    assert.equal(free.upgradeUrl, '/partner', 'a signed-in free user is sent to the portal to upgrade');
    assert.equal(await model(), 'sd_48.2_16.37_0.3');

    await new AccountsRepository(ctx.database.db).setPlan('homeowner@example.com', 'pro');
    const created = json<{ sessionId: string; viewerUrl: string }>(await ctx.app.inject({ method: 'POST', url: '/api/mcp-sessions', payload: { latitude: 48.2, longitude: 16.37, agentName: 'helper' } }));
    const page = await browser.get(new URL(created.viewerUrl).pathname + new URL(created.viewerUrl).search);
    assert.equal(pageSettings(page.body).wizardAccess, 'full');
    for (const place of PRO_PLACES) assert.ok(page.body.includes(`id="${place}"`), `the Pro page has ${place}`);
    assert.equal(await model(), 'hd_48.2_16.37_0.3');
    const session = json(await ctx.app.inject({ method: 'GET', url: `/api/mcp-sessions/${created.sessionId}` }));
    assert.equal(session.quality, 'hd', 'the session follows the HD model its Pro user opened');
    assert.notEqual(session.modelStatus, 'not_generated');

    const anonymous = await ctx.app.inject({ method: 'GET', url: '/viewer?lat=48.2&lng=16.37' });
    assert.equal(pageSettings(anonymous.body).wizardAccess, 'preview');
    assert.ok(!anonymous.body.includes('id="fig-kwh"'));
  });

  test('a Pro account starts at most 30 new HD models an hour, from any address; models that exist open at once', async () => {
    const { browser } = await signedInPartner(ctx, smtp, 'busy-pro@example.com');
    await new AccountsRepository(ctx.database.db).setPlan('busy-pro@example.com', 'pro');
    const ask = (latitude: number, i: number) => ctx.app.inject({ method: 'POST', url: '/api/viewer/models', payload: { latitude, longitude: 20 }, remoteAddress: `198.51.100.${i + 1}`, cookies: Object.fromEntries(browser.cookies) });
    for (let i = 0; i < 30; i++) assert.equal((await ask(30 + i / 100, i)).statusCode, 200, `request ${i + 1}`);
    const refused = await ask(31, 40);
    assert.equal(refused.statusCode, 429);
    assert.match(json(refused).error as string, /^Too many new models requested from this account\. Maximum 30 new models per hour/);
    assert.equal((await ask(30, 41)).statusCode, 200, 'a model already asked for opens');
  });
});
