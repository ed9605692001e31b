import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DATABASES, createTestContext, json, type TestContext } from '../helpers/test-context.ts';

for (const kind of DATABASES) {
  describe(`agent sessions (${kind})`, () => {
    let ctx: TestContext;
    let ipCounter = 0;
    before(async () => {
      ctx = await createTestContext({ kind });
    });
    after(async () => ctx.close());

    /** Each test speaks from its own address so the per-IP limit of one test does not touch another. */
    const create = (body: Record<string, unknown>, ip = `198.51.100.${++ipCounter}`, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'POST', url: '/api/mcp-sessions', payload: body, remoteAddress: ip, headers });

    test('creation answers created / not_generated with the viewer link of SPEC.md', async () => {
      const response = await create({ latitude: 52.52, longitude: 13.405, agentName: 'HelioBot', wizardGoal: 'cover_bill', wizardKwh: 350, roofLat: 52.5201234, roofLng: 13.4051234 });
      assert.equal(response.statusCode, 200);
      const body = json<Record<string, string>>(response);
      assert.match(body.sessionId, /^ses_[A-Za-z0-9_-]{22}$/);
      assert.equal(body.status, 'created');
      assert.equal(body.modelStatus, 'not_generated');
      assert.equal(body.agentName, 'HelioBot');
      assert.equal(
        body.viewerUrl,
        `https://solar.example.com/viewer?session=${body.sessionId}&lat=52.520000&lng=13.405000&wizard=cover_bill&wizardKwh=350&roofLat=52.5201234&roofLng=13.4051234`,
      );
    });

    test('absent optional values are left out of the link; the Host header is never used', async () => {
      const response = await create({ latitude: -33.8688, longitude: 151.2093, agentName: 'a' }, undefined, { host: 'evil.example.net' });
      const body = json<Record<string, string>>(response);
      assert.equal(body.viewerUrl, `https://solar.example.com/viewer?session=${body.sessionId}&lat=-33.868800&lng=151.209300`);
    });

    test('GET returns every field; expiresAt is 48 hours after createdAt', async () => {
      const created = json<Record<string, string>>(await create({ latitude: 48.1, longitude: 11.5, agentName: 'Reader', wizardGoal: 'maximize_roi' }));
      const response = await ctx.app.inject({ method: 'GET', url: `/api/mcp-sessions/${created.sessionId}` });
      assert.equal(response.statusCode, 200);
      const session = json<Record<string, unknown>>(response);
      assert.deepEqual(
        Object.keys(session).sort(),
        ['agentName', 'createdAt', 'expiresAt', 'latitude', 'longitude', 'modelStatus', 'quality', 'roofLat', 'roofLng', 'sessionId', 'status', 'viewerUrl', 'wizardGoal', 'wizardKwh'],
      );
      assert.equal(session.quality, 'sd');
      assert.equal(session.status, 'created');
      assert.equal(session.wizardGoal, 'maximize_roi');
      assert.equal(session.wizardKwh, null);
      assert.equal(session.roofLat, null);
      assert.equal(Date.parse(session.expiresAt as string) - Date.parse(session.createdAt as string), 48 * 3600 * 1000);
      assert.match(session.createdAt as string, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    test('an unknown or expired session is 404 JSON', async () => {
      const unknown = await ctx.app.inject({ method: 'GET', url: '/api/mcp-sessions/ses_nope' });
      assert.equal(unknown.statusCode, 404);
      assert.deepEqual(json(unknown), { error: 'Session not found or expired' });
      const created = json<Record<string, string>>(await create({ latitude: 1, longitude: 1, agentName: 'Old' }));
      ctx.clock.advance(48 * 3600 * 1000 + 1000);
      const expired = await ctx.app.inject({ method: 'GET', url: `/api/mcp-sessions/${created.sessionId}` });
      assert.equal(expired.statusCode, 404);
    });

    test('modelStatus follows the SD model of the location; creating a session starts no generation', async () => {
      const before = await ctx.queue.boss.findJobs('generate-model');
      const created = json<Record<string, string>>(await create({ latitude: 43.7396, longitude: 7.4276, agentName: 'Mon' }));
      assert.equal(created.modelStatus, 'not_generated');
      assert.equal((await ctx.queue.boss.findJobs('generate-model')).length, before.length, 'no job queued');
      // The viewer asks for the SD model (as when the user opens the link); it is generated and becomes ready.
      await ctx.database.db.transaction().execute((trx) => ctx.jobs.queueIfNeeded(trx, 'sd_43.7396_7.4276_0.3', 'sd', { latitude: 43.7396, longitude: 7.4276, radiusKm: 0.3 }, new Date()));
      await ctx.jobs.markReady('sd_43.7396_7.4276_0.3', 'https://cdn.example.com/sd.glb', 'sd.glb', new Date());
      await new Promise((resolve) => setTimeout(resolve, 50));
      const read = json<Record<string, string>>(await ctx.app.inject({ method: 'GET', url: `/api/mcp-sessions/${created.sessionId}` }));
      assert.equal(read.modelStatus, 'ready');
    });

    test('validation of every field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ longitude: 1, agentName: 'a' }, 'latitude and longitude are required'],
        [{ latitude: 1, longitude: 1 }, 'agentName is required'],
        [{ latitude: 1, longitude: 1, agentName: 'x'.repeat(101) }, 'agentName must be at most 100 characters'],
        [{ latitude: 1, longitude: 1, agentName: '' }, 'agentName must not be empty'],
        [{ latitude: 1, longitude: 1, agentName: '   ' }, 'agentName must not be empty'],
        [{ latitude: 1, longitude: 1, agentName: 'a', wizardGoal: 'get_rich' }, 'wizardGoal must be one of maximize_energy, cover_bill, maximize_roi, environmental'],
        [{ latitude: 1, longitude: 1, agentName: 'a', wizardGoal: 'cover_bill' }, 'wizardKwh is required when wizardGoal is cover_bill'],
        [{ latitude: 1, longitude: 1, agentName: 'a', roofLat: 1 }, 'roofLat and roofLng must be given together'],
        [{ latitude: 1, longitude: 1, agentName: 'a', roofLng: 1 }, 'roofLat and roofLng must be given together'],
        [{ latitude: 1, longitude: 1, agentName: 'a', roofLat: 95, roofLng: 1 }, 'roofLat must be between -90 and 90'],
        [{ latitude: 1, longitude: 1, agentName: 'a', radiusKm: 10 }, 'radiusKm must be between 0.05 and 5'],
      ];
      for (const [body, message] of cases) {
        const response = await create(body, '203.0.113.200');
        assert.equal(response.statusCode, 400, message);
        assert.equal(json(response).error, message);
      }
      const stillAllowed = await create({ latitude: 1, longitude: 1, agentName: 'a' }, '203.0.113.200');
      assert.equal(stillAllowed.headers['ratelimit-remaining'], '9', 'invalid requests did not use the quota');
    });

    test('10 sessions per hour per client IP, with RateLimit headers and Retry-After', async () => {
      const ip = '203.0.113.7';
      for (let i = 1; i <= 10; i++) {
        const response = await create({ latitude: 1, longitude: i, agentName: 'Busy' }, ip);
        assert.equal(response.statusCode, 200);
        assert.equal(response.headers['ratelimit-remaining'], String(10 - i));
      }
      const over = await create({ latitude: 1, longitude: 11, agentName: 'Busy' }, ip);
      assert.equal(over.statusCode, 429);
      assert.equal(json(over).error, 'Rate limit exceeded. Maximum 10 sessions per hour.');
      assert.equal(over.headers['retry-after'], '3600');
      assert.equal((await create({ latitude: 1, longitude: 1, agentName: 'Other' }, '203.0.113.8')).statusCode, 200, 'another IP is not limited');
    });

    test('X-Forwarded-For is ignored unless TRUST_PROXY is set', async () => {
      for (let i = 0; i < 10; i++) await create({ latitude: 2, longitude: i, agentName: 'p' }, '127.0.0.1', { 'x-forwarded-for': `192.0.2.${i}` });
      const spoofed = await create({ latitude: 2, longitude: 99, agentName: 'p' }, '127.0.0.1', { 'x-forwarded-for': '192.0.2.250' });
      assert.equal(spoofed.statusCode, 429, 'a forged X-Forwarded-For does not escape the limit');

      const proxied = await createTestContext({ kind, env: { TRUST_PROXY: 'true' } });
      try {
        for (let i = 0; i < 10; i++) {
          const response = await proxied.app.inject({ method: 'POST', url: '/api/mcp-sessions', payload: { latitude: 3, longitude: i, agentName: 'p' }, remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': `192.0.2.${i}` } });
          assert.equal(response.statusCode, 200, 'behind a trusted proxy each client has its own limit');
        }
        // The proxy appends the address it saw; what the client wrote before it does not count.
        const forged = (i: number) => proxied.app.inject({ method: 'POST', url: '/api/mcp-sessions', payload: { latitude: 4, longitude: i, agentName: 'p' }, remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` } });
        for (let i = 0; i < 10; i++) assert.equal((await forged(i)).statusCode, 200);
        assert.equal((await forged(10)).statusCode, 429, 'a client cannot pick its own address by writing one before the proxy\'s');
      } finally {
        await proxied.close();
      }
    });
  });
}
