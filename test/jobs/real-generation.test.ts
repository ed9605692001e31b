import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import validator from 'gltf-validator';
import { createTestContext, json, waitFor, type TestContext } from '../helpers/test-context.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';

const EXTRACT = 'osm/monaco-latest.osm.pbf';
const extract = sharedDataFile(EXTRACT);

describe('the partner API with the product’s generator', { skip: extract ? false : missingSharedData(EXTRACT) }, () => {
  let ctx: TestContext;
  let key: string;
  before(async () => {
    ctx = await createTestContext({ workers: 1, realGenerator: true, env: { OSM_EXTRACT: extract! } });
    key = await ctx.createKey();
  });
  after(async () => ctx.close());

  test('POST, poll, download: a valid HD model of Monaco from the local extract', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/models', headers: { authorization: `Bearer ${key}` }, payload: { latitude: 43.7396, longitude: 7.4276, radiusKm: 0.2 } });
    assert.equal(json(created).status, 'pending');
    const steps = new Set<string>();
    const ready = await waitFor('ready', async () => {
      const job = json(await ctx.app.inject({ method: 'GET', url: '/api/v1/models/hd_43.7396_7.4276_0.2', headers: { authorization: `Bearer ${key}` } }));
      if (typeof job.step === 'string') steps.add(job.step);
      if (job.status === 'failed') throw new Error(`generation failed: ${job.step}`);
      return job.status === 'ready' && job;
    }, 60_000);
    const file = await ctx.app.inject({ method: 'GET', url: new URL(ready.modelUrl as string).pathname });
    assert.equal(file.statusCode, 200);
    const report = await validator.validateBytes(new Uint8Array(file.rawPayload));
    assert.equal(report.issues.numErrors, 0);
    assert.ok((report.info.totalTriangleCount ?? 0) > 1000);
    assert.ok(steps.size >= 1, `progress steps were reported: ${[...steps]}`);
  });

  test('a place outside the map data fails at once, saying so, after one attempt, and is not billed', async () => {
    const id = 'hd_47.1_9.5209_0.3';
    const started = Date.now();
    await ctx.app.inject({ method: 'POST', url: '/api/v1/models', headers: { authorization: `Bearer ${key}` }, payload: { latitude: 47.1, longitude: 9.5209 } });
    const failed = await waitFor('failed', async () => {
      const job = json(await ctx.app.inject({ method: 'GET', url: `/api/v1/models/${id}`, headers: { authorization: `Bearer ${key}` } }));
      assert.doesNotMatch(String(job.step ?? ''), /Retrying/, 'not retried');
      return job.status === 'failed' && job;
    }, 30_000);
    assert.match(failed.step as string, /^Failed: This place is outside the map data the service holds \(the OpenStreetMap extract monaco-latest\.osm\.pbf: it covers 7\.\d\d° E to 7\.\d\d° E, 43\.\d\d° N to 43\.\d\d° N\)$/);
    assert.deepEqual(failed.metadata, { reason: 'outside_map_data', message: (failed.step as string).slice('Failed: '.length) }, 'a program is told not to ask again');
    assert.equal((await ctx.jobs.find(id))?.attempts, 1);
    // Three attempts took at least the queue's two retry delays (5 s, then 10 s).
    assert.ok(Date.now() - started < 10_000, `failed after ${Date.now() - started} ms`);
    const billed = await ctx.database.db.selectFrom('usage_events').select(['billable']).where('model_id', '=', id).execute();
    assert.deepEqual(billed, [{ billable: false }]);
  });
});
