import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { IrradianceCacheRepository } from '../../src/db/irradiance-cache-repository.ts';
import { CachedIrradianceProvider, cacheKey } from '../../src/irradiance/cached-irradiance.ts';
import { IrradianceUnavailableError } from '../../src/irradiance/irradiance-provider.ts';
import { PvgisClient } from '../../src/irradiance/pvgis-client.ts';
import { createTestContext, type TestContext } from '../helpers/test-context.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';
import { PvgisStandIn } from '../stand-ins/pvgis-stand-in.ts';

const RECORDED = 'pvgis/pvcalc_v53_45.000_8.000_SARAH3_angle0_aspect0_1kWp_loss14.json';
const recordedFile = sharedDataFile(RECORDED);
const query = { latitude: 45, longitude: 8, tiltDeg: 0, azimuthDeg: 180 };

describe('PVGIS client and cache against a PVGIS stand-in', { skip: recordedFile ? false : missingSharedData(RECORDED) }, () => {
  let pvgis: PvgisStandIn;
  let ctx: TestContext;
  before(async () => {
    pvgis = await PvgisStandIn.start(recordedFile!);
    ctx = await createTestContext();
  });
  after(async () => {
    await ctx.close();
    await pvgis.close();
  });
  beforeEach(() => {
    pvgis.mode = 'ok';
    pvgis.failNext = [];
    pvgis.calls.length = 0;
  });

  test('one retry after a 500, 429 or 529 succeeds', async () => {
    for (const status of [500, 429, 529]) {
      const client = new PvgisClient({ baseUrl: pvgis.baseUrl, retryJitterMs: 20 });
      pvgis.failNext = [status];
      const answer = await client.irradiation(query);
      assert.equal(answer.annualGti, 1476.53);
      assert.equal(client.calls, 2, `retried once after ${status}`);
    }
  });

  test('a second failure is unavailable; a 400 is not retried', async () => {
    const client = new PvgisClient({ baseUrl: pvgis.baseUrl, retryJitterMs: 20 });
    pvgis.failNext = [503, 503];
    await assert.rejects(client.irradiation(query), IrradianceUnavailableError);
    assert.equal(client.calls, 2);
    pvgis.mode = 'sea';
    await assert.rejects(client.irradiation({ ...query, latitude: 40 }), /Location over the sea/);
    assert.equal(client.calls, 3);
  });

  test('the timeout covers the whole call, retry included', async () => {
    const client = new PvgisClient({ baseUrl: pvgis.baseUrl, timeoutMs: 300 });
    pvgis.mode = 'slow';
    pvgis.slowMs = 1000;
    const started = Date.now();
    await assert.rejects(client.irradiation(query), IrradianceUnavailableError);
    assert.ok(Date.now() - started < 900, 'gave up at the timeout');
  });

  test('two concurrent identical requests make one call', async () => {
    const client = new PvgisClient({ baseUrl: pvgis.baseUrl });
    const [a, b] = await Promise.all([client.irradiation(query), client.irradiation(query)]);
    assert.deepEqual(a, b);
    assert.equal(pvgis.calls.length, 1);
    await client.irradiation({ ...query, tiltDeg: 10 });
    assert.equal(pvgis.calls.length, 2, 'a different query is its own call');
  });

  test('calls are spaced to the per-second limit', async () => {
    const client = new PvgisClient({ baseUrl: pvgis.baseUrl, callsPerSecond: 5 });
    const started = performance.now();
    await Promise.all(Array.from({ length: 10 }, (_, i) => client.irradiation({ ...query, tiltDeg: i })));
    const elapsed = performance.now() - started;
    assert.equal(pvgis.calls.length, 10);
    // 5 at once, then one every 200 ms: the tenth starts about a second after the first.
    assert.ok(elapsed >= 950, `took ${Math.round(elapsed)} ms`);
  });

  test('the cache answers rounded repeats from the database and keeps answers 90 days', async () => {
    let now = new Date('2026-03-01T00:00:00Z');
    const client = new PvgisClient({ baseUrl: pvgis.baseUrl });
    const cached = new CachedIrradianceProvider(client, new IrradianceCacheRepository(ctx.database.db), { now: () => now });
    await cached.irradiation({ latitude: 45.001, longitude: 7.998, tiltDeg: 30.4, azimuthDeg: 179.6 });
    assert.equal(pvgis.calls.length, 1);
    assert.equal(pvgis.calls[0].get('lat'), '45', 'PVGIS is asked for the rounded point');
    assert.equal(pvgis.calls[0].get('angle'), '30');
    assert.equal(pvgis.calls[0].get('aspect'), '0');
    // Another instance (no memory of its own) finds the answer in the database.
    const other = new CachedIrradianceProvider(client, new IrradianceCacheRepository(ctx.database.db), { now: () => now });
    const again = await other.irradiation({ latitude: 44.996, longitude: 8.004, tiltDeg: 29.6, azimuthDeg: 180.4 });
    assert.equal(again.annualGti, 1476.53);
    assert.equal(pvgis.calls.length, 1, 'served from the cache');
    assert.equal(cacheKey({ latitude: 45.001, longitude: 7.998, tiltDeg: 30.4, azimuthDeg: 179.6 }), '45.00_8.00_30_180');
    now = new Date(now.getTime() + 91 * 86_400_000);
    const third = new CachedIrradianceProvider(client, new IrradianceCacheRepository(ctx.database.db), { now: () => now });
    await third.irradiation({ latitude: 45, longitude: 8, tiltDeg: 30, azimuthDeg: 180 });
    assert.equal(pvgis.calls.length, 2, 'older than 90 days: asked again');
  });

  test('failures are not cached', async () => {
    const client = new PvgisClient({ baseUrl: pvgis.baseUrl, retryJitterMs: 10 });
    const cached = new CachedIrradianceProvider(client, new IrradianceCacheRepository(ctx.database.db));
    pvgis.failNext = [500, 500];
    await assert.rejects(cached.irradiation({ ...query, latitude: 50 }));
    const answer = await cached.irradiation({ ...query, latitude: 50 });
    assert.equal(answer.annualGti, 1476.53);
  });
});
