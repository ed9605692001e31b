import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_PRICES } from '../../src/domain/partner-prices.ts';
import { ViewerPageTemplate } from '../../src/http/viewer-page.ts';
import { pageSettings } from '../helpers/page-settings.ts';
import { createTestContext, DATABASES, json, waitFor, type TestContext } from '../helpers/test-context.ts';

for (const kind of DATABASES) {
  describe(`GET /viewer (${kind})`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext({ kind, workers: 1 });
    });
    after(async () => ctx.close());

    const viewer = (query: string) => ctx.app.inject({ method: 'GET', url: `/viewer?${query}` });
    const createSession = async (body: Record<string, unknown>) => json<{ sessionId: string; viewerUrl: string; modelStatus: string }>(await ctx.app.inject({ method: 'POST', url: '/api/mcp-sessions', payload: body }));

    test('a direct link gives the page with its presets, the site time zone, and no key', async () => {
      const response = await viewer('lat=51.5074&lng=-0.1278&wizard=cover_bill&wizardKwh=350&roofLat=51.5075&roofLng=-0.1279');
      assert.equal(response.statusCode, 200);
      assert.match(response.headers['content-security-policy'] as string, /frame-ancestors 'self'/);
      assert.deepEqual(pageSettings(response.body), {
        mode: 'viewer', wizardAccess: 'preview', upgradeUrl: '/auth/signup', latitude: 51.5074, longitude: -0.1278, radiusKm: 0.3, timeZone: 'Europe/London',
        wizard: { goal: 'cover_bill', monthlyKwh: 350, roofLatitude: 51.5075, roofLongitude: -0.1279 },
        prices: { currency: 'EUR', costPerKwp: 1400, tariff: 0.3, exportTariff: 0.08 },
      });
      assert.doesNotMatch(response.body, /spk_/);
    });

    test('opening a session link marks the session opened and starts its model; modelStatus follows it', async () => {
      const created = await createSession({ latitude: 48.8566, longitude: 2.3522, agentName: 'helper', radiusKm: 0.2, wizardGoal: 'maximize_roi', roofLat: 48.8567, roofLng: 2.3523 });
      assert.equal(created.modelStatus, 'not_generated');
      const before = json(await ctx.app.inject({ method: 'GET', url: `/api/mcp-sessions/${created.sessionId}` }));
      assert.equal(before.status, 'created');

      const url = new URL(created.viewerUrl);
      const response = await viewer(url.search.slice(1));
      assert.equal(response.statusCode, 200);
      const settings = pageSettings(response.body);
      assert.equal(settings.sessionId, created.sessionId);
      assert.equal(settings.radiusKm, 0.2, 'the session’s radius');
      assert.deepEqual(settings.wizard, { goal: 'maximize_roi', roofLatitude: 48.8567, roofLongitude: 2.3523 });

      const opened = json(await ctx.app.inject({ method: 'GET', url: `/api/mcp-sessions/${created.sessionId}` }));
      assert.equal(opened.status, 'opened');
      assert.notEqual(opened.modelStatus, 'not_generated');
      await waitFor('the session model to be ready', async () => {
        const session = json(await ctx.app.inject({ method: 'GET', url: `/api/mcp-sessions/${created.sessionId}` }));
        return session.modelStatus === 'ready';
      });
      const model = json(await ctx.app.inject({ method: 'GET', url: '/api/viewer/models/sd_48.8566_2.3522_0.2' }));
      assert.equal(model.status, 'ready');
    });

    test('a link preview (a chat app unfurling the link) gets the page but neither opens the session nor starts its model', async () => {
      const created = await createSession({ latitude: 46.948, longitude: 7.4474, agentName: 'helper', wizardGoal: 'environmental' });
      const url = new URL(created.viewerUrl);
      for (const agent of ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)', 'WhatsApp/2.23.20.0', 'facebookexternalhit/1.1']) {
        const preview = await ctx.app.inject({ method: 'GET', url: `/viewer${url.search}`, headers: { 'user-agent': agent } });
        assert.equal(preview.statusCode, 200, agent);
        assert.equal(pageSettings(preview.body).sessionId, created.sessionId, 'the page shows the session’s place and presets');
      }
      const after = json(await ctx.app.inject({ method: 'GET', url: `/api/mcp-sessions/${created.sessionId}` }));
      assert.equal(after.status, 'created', 'not opened by previews');
      assert.equal(after.modelStatus, 'not_generated', 'no model started');
      const person = await ctx.app.inject({ method: 'GET', url: `/viewer${url.search}`, headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1' } });
      assert.equal(person.statusCode, 200);
      assert.equal(json(await ctx.app.inject({ method: 'GET', url: `/api/mcp-sessions/${created.sessionId}` })).status, 'opened', 'a person’s browser opens it');
    });

    test('URL presets take precedence over the session’s; an unknown session still shows the location', async () => {
      const created = await createSession({ latitude: 40.4168, longitude: -3.7038, agentName: 'helper', wizardGoal: 'cover_bill', wizardKwh: 300 });
      const settings = pageSettings((await viewer(`session=${created.sessionId}&lat=40.4168&lng=-3.7038&wizard=environmental`)).body);
      assert.deepEqual(settings.wizard, { goal: 'environmental', monthlyKwh: 300 });
      const lone = await viewer(`session=${created.sessionId}&lat=40.4168&lng=-3.7038&roofLat=40.4169`);
      assert.equal(lone.statusCode, 400, 'one roof coordinate names no point, with or without a session');
      const unknown = await viewer('session=ses_unknown&lat=40.4168&lng=-3.7038');
      assert.equal(unknown.statusCode, 200);
      assert.equal(pageSettings(unknown.body).sessionId, undefined);
    });

    test('bad parameters are 400 pages that name them, without echoing them', async () => {
      const cases: [string, RegExp][] = [
        ['lng=2', /lat is required/],
        ['lat=95&lng=2', /lat must be between -90 and 90/],
        ['lat=1&lng=2&wizard=<b>x</b>', /wizard must be one of maximize_energy, cover_bill, maximize_roi, environmental/],
        ['lat=1&lng=2&session=%3C%2Fscript%3E', /session/],
        ['lat=1&lng=2&wizardKwh=-5', /wizardKwh must be greater than 0/],
        ['lat=1&lng=2&roofLat=1.0001', /roofLat and roofLng must be given together/],
        ['lat=%20&lng=2', /lat must be a number/],
        ['lat=1&lng=0x10', /lng must be a number/],
        ['lat=%20&lng=0x10&wizard=x', /lat must be a number; lng must be a number; wizard must be one of/],
        ['lat=1&lng=2&roofLng=2.0001', /roofLat and roofLng must be given together/],
      ];
      for (const [query, message] of cases) {
        const response = await viewer(query);
        assert.equal(response.statusCode, 400, query);
        assert.match(response.body, message, query);
        assert.doesNotMatch(response.body, /<b>x<\/b>|<\/script><\/p>/);
      }
    });
  });
}

describe('the viewer page template', () => {
  test('settings cannot end their block early, whatever a value holds', () => {
    const template = ViewerPageTemplate.load();
    assert.ok(template.available, 'the browser app is built (npm run build)');
    const html = template.render({ mode: 'embed', wizardAccess: 'full', latitude: 1, longitude: 2, radiusKm: 0.3, timeZone: 'UTC', prices: DEFAULT_PRICES, key: '</script><script>alert(1)</script>\u2028' });
    assert.equal(html.match(/<\/script>/g)?.length, html.match(/<script/g)?.length, 'every script element closes once');
    assert.equal(pageSettings(html).key, '</script><script>alert(1)</script>\u2028');
  });
});
