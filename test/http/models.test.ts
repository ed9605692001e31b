import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DATABASES, createTestContext, json, waitFor, type TestContext } from '../helpers/test-context.ts';

for (const kind of DATABASES) {
  describe(`model endpoints (${kind})`, () => {
    let ctx: TestContext;
    let key: string;
    before(async () => {
      ctx = await createTestContext({ kind });
      key = await ctx.createKey();
    });
    after(async () => ctx.close());

    const post = (body: unknown, authorization: string | undefined, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/models',
        headers: { ...(authorization === undefined ? {} : { authorization }), 'content-type': 'application/json', ...headers },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });

    test('a missing Authorization header is 401 with SPEC.md message', async () => {
      const response = await post({ latitude: 1, longitude: 2 }, undefined);
      assert.equal(response.statusCode, 401);
      assert.deepEqual(json(response), { error: 'Missing Authorization header' });
    });

    test('an unknown key, a malformed header and a non-Bearer scheme are 401 "Invalid or revoked API key"; a header not of the form "Bearer <key>" is told so', async () => {
      const cases: [string, string | undefined][] = [
        ['Bearer spk_unknown', undefined],
        ['Bearer', 'The Authorization header must be "Bearer <API_KEY>"; it holds no key after "Bearer".'],
        [`Basic ${key}`, 'The Authorization header must be "Bearer <API_KEY>"; it was sent with the "Basic" scheme.'],
        [key, 'The Authorization header must be "Bearer <API_KEY>"; it was sent without "Bearer ".'],
      ];
      for (const [header, hint] of cases) {
        const response = await post({ latitude: 1, longitude: 2 }, header);
        assert.equal(response.statusCode, 401, header);
        assert.deepEqual(json(response), { error: 'Invalid or revoked API key', ...(hint ? { hint } : {}) });
      }
    });

    test('a key of an account without the Business plan does not work', async () => {
      const proKey = await ctx.createKey('pro');
      const response = await post({ latitude: 1, longitude: 2 }, `Bearer ${proKey}`);
      assert.equal(response.statusCode, 401);
      assert.equal(json(response).error, 'Invalid or revoked API key');
      // Its holder learns why beside SPEC.md's message; an unknown key's caller learns nothing more.
      assert.match(String(json(response).hint), /on the pro plan; the API and the embedded viewer need the Business plan/);
      const unknown = await post({ latitude: 1, longitude: 2 }, 'Bearer spk_unknown');
      assert.deepEqual(json(unknown), { error: 'Invalid or revoked API key' });
    });

    test('authentication is checked before validation', async () => {
      const response = await post({ longitude: 2 }, undefined);
      assert.equal(response.statusCode, 401);
    });

    test('missing latitude or longitude is 400 "latitude and longitude are required"', async () => {
      for (const body of [{ longitude: 2 }, { latitude: 1 }, {}]) {
        const response = await post(body, `Bearer ${key}`);
        assert.equal(response.statusCode, 400);
        assert.deepEqual(json(response), { error: 'latitude and longitude are required' });
      }
    });

    test('out-of-range and mistyped fields name the field and what is allowed', async () => {
      const cases: [unknown, string][] = [
        [{ latitude: 91, longitude: 0 }, 'latitude must be between -90 and 90'],
        [{ latitude: 0, longitude: -180.5 }, 'longitude must be between -180 and 180'],
        [{ latitude: '52.5', longitude: 13 }, 'latitude must be a number'],
        [{ latitude: 52.5, longitude: 13, radiusKm: 5.5 }, 'radiusKm must be between 0.05 and 5'],
        [{ latitude: 52.5, longitude: 13, radius_km: 1 }, 'radius_km is not a known field; allowed fields: latitude, longitude, radiusKm'],
        [[1, 2], 'Request body must be a JSON object'],
      ];
      for (const [body, message] of cases) {
        const response = await post(body, `Bearer ${key}`);
        assert.equal(response.statusCode, 400, JSON.stringify(body));
        assert.equal(json(response).error, message);
      }
    });

    test('a new location is queued as pending with a normalised id; the same area gives the same job', async () => {
      const first = await post({ latitude: 52.52, longitude: 13.405 }, `Bearer ${key}`);
      assert.equal(first.statusCode, 200);
      assert.deepEqual(json(first), { id: 'hd_52.52_13.405_0.3', status: 'pending' });
      const again = await post({ latitude: 52.520000, longitude: 13.4050001, radiusKm: 0.3 }, `Bearer ${key}`);
      assert.equal(json(again).id, 'hd_52.52_13.405_0.3');
      assert.equal(json(again).status, 'pending');
      const queued = await ctx.queue.boss.findJobs('generate-model', { data: { modelId: 'hd_52.52_13.405_0.3' } });
      assert.equal(queued.length, 1, 'one queued generation for one area');
    });

    test('GET returns the job; an unknown id is 404 "Model not found"', async () => {
      const read = await ctx.app.inject({ method: 'GET', url: '/api/v1/models/hd_52.52_13.405_0.3', headers: { authorization: `Bearer ${key}` } });
      assert.equal(read.statusCode, 200);
      assert.deepEqual(json(read), { id: 'hd_52.52_13.405_0.3', status: 'pending', modelUrl: null, progress: null, step: 'Waiting for a worker' });
      const missing = await ctx.app.inject({ method: 'GET', url: '/api/v1/models/hd_1_2_0.3', headers: { authorization: `Bearer ${key}` } });
      assert.equal(missing.statusCode, 404);
      assert.deepEqual(json(missing), { error: 'Model not found' });
      const unauthenticated = await ctx.app.inject({ method: 'GET', url: '/api/v1/models/hd_52.52_13.405_0.3' });
      assert.equal(unauthenticated.statusCode, 401);
    });

    test('status reads follow worker updates (progress, then ready with modelUrl) as their change notices arrive', async () => {
      const id = 'hd_52.52_13.405_0.3';
      const read = async () => json(await ctx.app.inject({ method: 'GET', url: `/api/v1/models/${id}`, headers: { authorization: `Bearer ${key}` } }));
      await ctx.jobs.markProcessing(id, 1, ctx.clock.now());
      await ctx.jobs.reportProgress(id, 42, 'Building roofs', ctx.clock.now());
      const processing = await waitFor('progress 42', async () => ((await read()).progress === 42 ? read() : undefined), 2000);
      assert.deepEqual(processing, { id, status: 'processing', modelUrl: null, progress: 42, step: 'Building roofs' });
      await ctx.jobs.markReady(id, 'https://cdn.example.com/m.glb', 'models/m.glb', ctx.clock.now());
      const ready = await waitFor('ready', async () => ((await read()).status === 'ready' ? read() : undefined), 2000);
      assert.deepEqual(ready, { id, status: 'ready', modelUrl: 'https://cdn.example.com/m.glb', progress: 100, step: null });
    });

    test('a ready model younger than 30 days is a cache hit with modelUrl; older is generated again', async () => {
      const id = 'hd_52.52_13.405_0.3';
      const hit = await post({ latitude: 52.52, longitude: 13.405 }, `Bearer ${key}`);
      assert.deepEqual(json(hit), { id, status: 'ready', modelUrl: 'https://cdn.example.com/m.glb' });
      await ctx.jobs.markReady(id, 'https://cdn.example.com/m.glb', 'models/m.glb', new Date(ctx.clock.now().getTime() - 31 * 86_400_000));
      await new Promise((resolve) => setTimeout(resolve, 100)); // the change notice reaches the cache
      const stale = await post({ latitude: 52.52, longitude: 13.405 }, `Bearer ${key}`);
      assert.deepEqual(json(stale), { id, status: 'pending' });
    });

    test('a failed model is queued again', async () => {
      await post({ latitude: 10, longitude: 20 }, `Bearer ${key}`);
      await ctx.jobs.markFailed('hd_10_20_0.3', 'Overpass answered 504', ctx.clock.now());
      await waitFor('failed', async () => json(await ctx.app.inject({ method: 'GET', url: '/api/v1/models/hd_10_20_0.3', headers: { authorization: `Bearer ${key}` } })).status === 'failed', 2000);
      const retried = await post({ latitude: 10, longitude: 20 }, `Bearer ${key}`);
      assert.deepEqual(json(retried), { id: 'hd_10_20_0.3', status: 'pending' });
    });

    test('usage: new generations are billable, cache hits are not', async () => {
      const meterKey = await ctx.createKey('business', `meter-${kind}@example.com`);
      await post({ latitude: 30, longitude: 31 }, `Bearer ${meterKey}`);
      await ctx.jobs.markReady('hd_30_31_0.3', 'https://cdn.example.com/x.glb', 'x', ctx.clock.now());
      await post({ latitude: 30, longitude: 31 }, `Bearer ${meterKey}`);
      await post({ latitude: 30, longitude: 31 }, `Bearer ${meterKey}`);
      // Cache hits are written in batches within a tenth of a second.
      const rows = await waitFor('three usage rows', async () => {
        const found = await ctx.database.db.selectFrom('usage_events').innerJoin('accounts', 'accounts.id', 'usage_events.account_id').select(['kind', 'billable']).where('accounts.email', '=', `meter-${kind}@example.com`).orderBy('usage_events.id').execute();
        return found.length === 3 && found;
      }, 2000);
      assert.deepEqual(rows, [
        { kind: 'generation', billable: true },
        { kind: 'cache_hit', billable: false },
        { kind: 'cache_hit', billable: false },
      ]);
    });

    test('10 requests per hour per key, sliding; invalid requests do not count; headers on every answer', async () => {
      const limited = await ctx.createKey();
      for (let i = 0; i < 3; i++) assert.equal((await post({ latitude: 100 }, `Bearer ${limited}`)).statusCode, 400);
      for (let i = 1; i <= 10; i++) {
        const response = await post({ latitude: 40, longitude: i }, `Bearer ${limited}`);
        assert.equal(response.statusCode, 200, `request ${i}`);
        assert.equal(response.headers['ratelimit-limit'], '10');
        assert.equal(response.headers['ratelimit-remaining'], String(10 - i));
        ctx.clock.advance(60_000);
      }
      const over = await post({ latitude: 40, longitude: 11 }, `Bearer ${limited}`);
      assert.equal(over.statusCode, 429);
      assert.deepEqual(json(over), { error: 'Rate limit exceeded. Maximum 10 generations per hour.' });
      assert.equal(over.headers['ratelimit-remaining'], '0');
      // The first request was 10 minutes ago: it leaves the window 50 minutes from now.
      assert.equal(over.headers['retry-after'], String(50 * 60));
      assert.equal(over.headers['ratelimit-reset'], String(50 * 60));
      const otherKey = await ctx.createKey();
      assert.equal((await post({ latitude: 40, longitude: 12 }, `Bearer ${otherKey}`)).statusCode, 200, 'limits are per key');
      ctx.clock.advance(50 * 60_000);
      const afterWindow = await post({ latitude: 40, longitude: 13 }, `Bearer ${limited}`);
      assert.equal(afterWindow.statusCode, 200, 'the oldest request left the sliding window');
      assert.equal(afterWindow.headers['ratelimit-remaining'], '0');
      const statusRead = await ctx.app.inject({ method: 'GET', url: '/api/v1/models/hd_40_1_0.3', headers: { authorization: `Bearer ${limited}` } });
      assert.equal(statusRead.statusCode, 200, 'status reads are not limited');
    });

    test('a revoked key fails at once, even after it was cached', async () => {
      const revocable = await ctx.createKey();
      assert.equal((await ctx.app.inject({ method: 'GET', url: '/api/v1/models/hd_1_1_0.3', headers: { authorization: `Bearer ${revocable}` } })).statusCode, 404);
      const { ApiKeysRepository } = await import('../../src/db/api-keys-repository.ts');
      const { hashApiKey } = await import('../../src/domain/api-key.ts');
      assert.equal(await new ApiKeysRepository(ctx.database.db).revoke({ hash: hashApiKey(revocable) }), 1);
      // The change notice empties every instance's key cache.
      const response = await waitFor('revocation', async () => {
        const answer = await ctx.app.inject({ method: 'GET', url: '/api/v1/models/hd_1_1_0.3', headers: { authorization: `Bearer ${revocable}` } });
        return answer.statusCode === 401 && answer;
      }, 2000);
      assert.equal(json(response).error, 'Invalid or revoked API key');
    });
  });
}
