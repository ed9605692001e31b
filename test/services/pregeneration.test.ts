import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { gridPlaces, parseAround, type GeoBox } from '../../src/domain/pregeneration-area.ts';
import { explorePage } from '../../src/http/pages/explore-page.ts';
import { loadGazetteer } from '../../src/modelgen/index.ts';
import type { LoadPlaceNames, PregenerationPlan } from '../../src/services/pregeneration-service.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';
import { DATABASES, createTestContext, waitFor, type TestContext } from '../helpers/test-context.ts';

const LIECHTENSTEIN = 'osm/liechtenstein-2024-03-04.osm.pbf';
const extract = sharedDataFile(LIECHTENSTEIN);

/** Vaduz: a square 0.6 km on each side, places 0.3 km apart (4 to 9 places). */
const VADUZ: PregenerationPlan = { box: parseAround('47.1410,9.5209,0.6'), spacingKm: 0.3, quality: 'sd' };
const namesFromExtract: LoadPlaceNames = (box: GeoBox) => loadGazetteer({ overpassUrl: 'http://127.0.0.1:9', osmExtract: extract }, box);

for (const kind of DATABASES) {
  describe(`pre-generation of an area (${kind})`, { skip: extract ? false : missingSharedData(LIECHTENSTEIN) }, () => {
    let ctx: TestContext;
    before(async () => {
      process.env.TEST_GENERATOR_STEP_MS = '10';
      ctx = await createTestContext({ kind, workers: 2 });
    });
    after(async () => ctx.close());

    test('a stopped run goes on where it stopped, skipping the place whose model was fresh already', async () => {
      const pregeneration = ctx.services.pregeneration;
      // One place of the grid has a fresh model before the run: it must not be generated again.
      const first = await pregeneration.plan(VADUZ, namesFromExtract, ctx.clock.now());
      assert.equal(first.created, true);
      assert.ok(first.places >= 4 && first.places <= 9, `${first.places} places`);
      const { latitude: lat, longitude: lng } = gridPlaces(VADUZ.box, VADUZ.spacingKm)[0];
      const freshId = `sd_${lat}_${lng}_0.3`;
      await ctx.jobs.queueIfNeeded(ctx.database.db, freshId, 'sd', { latitude: lat, longitude: lng, radiusKm: 0.3 }, ctx.clock.now());
      await ctx.jobs.markReady(freshId, 'https://solar.example.com/files/models/fresh.glb', 'models/fresh.glb', ctx.clock.now());

      // The command stops (a crash, Ctrl-C) after handing over two places.
      const stop = new AbortController();
      let calls = 0;
      const queuedBeforeStop = await pregeneration.queue(first.id, () => {
        if (++calls === 4) stop.abort();
        return ctx.clock.now();
      }, { signal: stop.signal });
      assert.equal(queuedBeforeStop, 2);

      const again = await pregeneration.plan(VADUZ, () => Promise.reject(new Error('names are stored with the run: not read again')), ctx.clock.now());
      assert.deepEqual([again.id, again.created, again.places], [first.id, false, first.places], 'the same run goes on');
      const rest = await pregeneration.queue(again.id, ctx.clock.now);
      assert.equal(queuedBeforeStop + rest, first.places, 'every place handed over exactly once');
      const counts = await waitFor('every model built', async () => {
        const c = await pregeneration.counts(first.id);
        return c.ready === first.places && c;
      });
      assert.equal(counts.alreadyFresh, 1, 'the fresh model was skipped');
      const fromRun = await ctx.database.db.selectFrom('model_jobs').select(['id', 'attempts']).where('id', 'like', 'sd_%').execute();
      assert.equal(fromRun.length, first.places, 'one model job per place');
      assert.equal(fromRun.find((job) => job.id === freshId)?.attempts, 0, 'the fresh model was not built again');
      assert.equal(await pregeneration.queue(first.id, ctx.clock.now), 0, 'a finished run hands over nothing');
    });

    test('/explore lists the ready places under their country and nearest town, each opening the viewer', async () => {
      const page = await ctx.app.inject({ method: 'GET', url: '/explore' });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /<h2 id="country-liechtenstein">Liechtenstein<\/h2>/);
      assert.match(page.body, /<h3>Vaduz <span class="muted">\d+ places?<\/span><\/h3>/);
      const links = [...page.body.matchAll(/href="\/viewer\?lat=([\d.]+)&amp;lng=([\d.]+)"/g)];
      assert.ok(links.length >= 4, `${links.length} viewer links`);
      const [, lat, lng] = links[0];
      const job = await ctx.jobs.find(`sd_${lat}_${lng}_0.3`);
      assert.equal(job?.status, 'ready', 'each link opens a place whose model is ready (the viewer asks for this id)');
      const town = /href="\/explore\?town=(node\/\d+)"/.exec(page.body);
      const directory = await ctx.services.pregeneration.directory();
      const vaduz = directory.countries.flatMap((c) => c.towns).find((t) => t.name === 'Vaduz')!;
      const one = await ctx.app.inject({ method: 'GET', url: `/explore?town=${vaduz.key}` });
      assert.equal(one.statusCode, 200);
      assert.match(one.body, /<h1>Vaduz<\/h1>/);
      assert.equal([...one.body.matchAll(/href="\/viewer\?/g)].length, vaduz.places);
      assert.equal(town, null, 'a short list needs no per-town page link');
      assert.equal((await ctx.app.inject({ method: 'GET', url: '/explore?town=node/1' })).statusCode, 404);
      assert.equal((await ctx.app.inject({ method: 'GET', url: '/explore?town=%3Cscript%3E' })).statusCode, 400);
    });
  });
}


test('names from the map are shown as text on /explore, never as markup', () => {
  const page = explorePage({ countries: [{ name: 'A & <B>', towns: [{ name: '<img src=x onerror=alert(1)>', key: 'node/42', places: 30, shown: [{ latitude: 10, longitude: 10, label: 'centre' }] }] }], towns: 1, places: 30 }, undefined);
  assert.ok(!page.includes('<img src=x'), 'the name is escaped');
  assert.match(page, /<h3>&lt;img src=x onerror=alert\(1\)&gt; <span class="muted">30 places<\/span><\/h3>/);
  assert.match(page, />A &amp; &lt;B&gt;<\/h2>/);
  assert.match(page, /href="\/explore\?town=node\/42">All 30 places of &lt;img/, 'a cut list links to the town’s page');
});
