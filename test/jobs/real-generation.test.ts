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
});
