import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiKeysRepository } from '../../src/db/api-keys-repository.ts';
import { createTestContext, json, type TestContext } from '../helpers/test-context.ts';
import { pageSettings } from '../helpers/page-settings.ts';

describe('GET /embed and the viewer page routes', () => {
  let ctx: TestContext;
  let key: string;
  before(async () => {
    ctx = await createTestContext();
    key = await ctx.createKey();
  });
  after(async () => ctx.close());

  const embed = (query: string) => ctx.app.inject({ method: 'GET', url: `/embed?${query}` });

  test('a valid key gives the page, frameable by any site when the key lists none', async () => {
    const response = await embed(`lat=43.7396&lng=7.4276&key=${key}`);
    assert.equal(response.statusCode, 200);
    assert.match(response.headers['content-type'] as string, /text\/html/);
    const policy = response.headers['content-security-policy'] as string;
    assert.match(policy, /frame-ancestors \*/);
    assert.match(policy, /script-src 'self' 'wasm-unsafe-eval';/, 'only our own scripts, no inline script');
    assert.match(policy, /connect-src 'self' blob: https:\/\/solar\.example\.com/, 'model files from the store and its embedded textures');
    assert.equal(response.headers['x-frame-options'], undefined, 'never frame-blocked');
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.match(response.body, /OpenStreetMap contributors/);
    const settings = pageSettings(response.body);
    assert.deepEqual(settings, { mode: 'embed', wizardAccess: 'full', latitude: 43.7396, longitude: 7.4276, radiusKm: 0.3, timeZone: 'Europe/Monaco', key, prices: { currency: 'EUR', costPerKwp: 1400, tariff: 0.3, exportTariff: 0.08 } });
    for (const [, src] of response.body.matchAll(/<script[^>]+src="([^"]+)"/g)) {
      const script = await ctx.app.inject({ method: 'GET', url: src, headers: { 'accept-encoding': 'br, gzip' } });
      assert.equal(script.statusCode, 200, src);
      assert.equal(script.headers['content-encoding'], 'br', 'sent pre-compressed');
      assert.match(script.headers['cache-control'] as string, /immutable/);
    }
  });

  test('a key with allowed origins may only be framed by them', async () => {
    const limitedKey = await ctx.createKey();
    const prefix = limitedKey.slice(0, 12);
    assert.ok(await new ApiKeysRepository(ctx.database.db).setAllowedOrigins(prefix, ['https://installer.example', 'https://www.installer.example']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await embed(`lat=1&lng=2&key=${limitedKey}`);
    assert.match(response.headers['content-security-policy'] as string, /frame-ancestors https:\/\/installer\.example https:\/\/www\.installer\.example;/);
  });

  test('autostart=true opens the view at once on touch screens too; anything else but a boolean is a 400 page naming it', async () => {
    assert.equal(pageSettings((await embed(`lat=1&lng=2&key=${key}&autostart=true`)).body).autostart, true);
    assert.equal(pageSettings((await embed(`lat=1&lng=2&key=${key}&autostart=false`)).body).autostart, undefined);
    const bad = await embed(`lat=1&lng=2&key=${key}&autostart=soon`);
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /autostart/);
  });

  test('a missing, unknown or non-Business key is a 401 page', async () => {
    const proKey = await ctx.createKey('pro');
    for (const query of ['lat=1&lng=2', 'lat=1&lng=2&key=spk_nope', `lat=1&lng=2&key=${proKey}`]) {
      const response = await embed(query);
      assert.equal(response.statusCode, 401, query);
      assert.match(response.headers['content-type'] as string, /text\/html/);
    }
    assert.match((await embed('lat=1&lng=2&key=spk_nope')).body, /Invalid or revoked API key/);
    assert.match((await embed(`lat=1&lng=2&key=${proKey}`)).body, /on the pro plan; the API and the embedded viewer need the Business plan/);
    // The key pasted as the portal shows it (its start and "…"): the owner is told it is incomplete, not to make a new one.
    const cut = await embed(`lat=1&lng=2&key=${encodeURIComponent(`${proKey.slice(0, 12)}…`)}`);
    assert.equal(cut.statusCode, 401);
    assert.match(cut.body, /The key in this page is incomplete: the site owner pastes the whole key/);
  });

  test('a bad location is a 400 page naming the parameter; nothing is echoed unescaped', async () => {
    const response = await embed(`lat=<script>alert(1)</script>&lng=2&key=${key}`);
    assert.equal(response.statusCode, 400);
    assert.match(response.body, /lat must be a number/);
    assert.ok(!response.body.includes('<script>alert(1)'));
  });

  test('lang picks the page language; without it, Accept-Language; an unknown lang is a 400 page naming it', async () => {
    const german = await embed(`lat=47.141&lng=9.5209&lang=de&key=${key}`);
    assert.equal(german.statusCode, 200);
    assert.equal(pageSettings(german.body).language, 'de');
    assert.match(german.body, /<html lang="de">/);
    const accepted = await ctx.app.inject({ method: 'GET', url: `/embed?lat=47.141&lng=9.5209&key=${key}`, headers: { 'accept-language': 'pt-PT, it;q=0.8, en;q=0.5' } });
    assert.equal(pageSettings(accepted.body).language, 'it');
    assert.match(accepted.body, /<html lang="it">/);
    const overridden = await ctx.app.inject({ method: 'GET', url: `/viewer?lat=47.141&lng=9.5209&lang=nl`, headers: { 'accept-language': 'fr' } });
    assert.equal(pageSettings(overridden.body).language, 'nl', 'the parameter wins over the header');
    const unknown = await ctx.app.inject({ method: 'GET', url: `/viewer?lat=47.141&lng=9.5209`, headers: { 'accept-language': 'ja, pt' } });
    assert.equal(pageSettings(unknown.body).language, undefined, 'the browser decides');
    assert.match(unknown.body, /<html lang="en">/);
    for (const url of [`/embed?lat=1&lng=2&lang=pt&key=${key}`, '/viewer?lat=1&lng=2&lang=%3Cb%3E']) {
      const bad = await ctx.app.inject({ method: 'GET', url });
      assert.equal(bad.statusCode, 400, url);
      assert.match(bad.body, /lang/, url);
      assert.ok(!bad.body.includes('<b>'), 'nothing echoed unescaped');
    }
  });

  test('the page route asks for HD with the embed key, SD without, and refuses a bad key', async () => {
    const hd = await ctx.app.inject({ method: 'POST', url: '/api/viewer/models', payload: { latitude: 43.7396, longitude: 7.4276, key } });
    assert.equal(hd.statusCode, 200);
    assert.equal(json(hd).id, 'hd_43.7396_7.4276_0.3');
    assert.equal(json(hd).status, 'pending');
    const sd = await ctx.app.inject({ method: 'POST', url: '/api/viewer/models', payload: { latitude: 43.7396, longitude: 7.4276 } });
    assert.equal(json(sd).id, 'sd_43.7396_7.4276_0.3');
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/viewer/models', payload: { latitude: 1, longitude: 2, key: 'spk_nope' } });
    assert.equal(bad.statusCode, 401);
    const status = await ctx.app.inject({ method: 'GET', url: '/api/viewer/models/sd_43.7396_7.4276_0.3' });
    assert.equal(json(status).status, 'pending');
  });
});

describe('new models from keyless viewer pages', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestContext();
  });
  after(async () => ctx.close());

  test('at most 30 new SD generations per hour per address; existing models and status reads are never limited', async () => {
    const ask = (latitude: number) => ctx.app.inject({ method: 'POST', url: '/api/viewer/models', payload: { latitude, longitude: 10 }, remoteAddress: '198.51.100.7' });
    for (let i = 0; i < 30; i++) assert.equal((await ask(10 + i / 100)).statusCode, 200, `request ${i + 1}`);
    const refused = await ask(11);
    assert.equal(refused.statusCode, 429);
    assert.match(json(refused).error as string, /Maximum 30 new models per hour/);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal((await ask(10)).statusCode, 200, 'a model that exists still opens');
    const other = await ctx.app.inject({ method: 'POST', url: '/api/viewer/models', payload: { latitude: 11, longitude: 10 }, remoteAddress: '198.51.100.8' });
    assert.equal(other.statusCode, 200, 'another address has its own allowance');
  });

  test('regenerating an expired model counts as a new generation; a fresh one opens without counting', async () => {
    const address = '198.51.100.9';
    const ask = (latitude: number) => ctx.app.inject({ method: 'POST', url: '/api/viewer/models', payload: { latitude, longitude: 20 }, remoteAddress: address });
    const day = 86_400_000;
    for (const [latitude, age] of [[30, 31 * day], [31, day]] as const) {
      const id = `sd_${latitude}_20_0.3`;
      await ctx.database.db.transaction().execute((trx) => ctx.jobs.queueIfNeeded(trx, id, 'sd', { latitude, longitude: 20, radiusKm: 0.3 }, ctx.clock.now()));
      await ctx.jobs.markReady(id, `https://cdn.example.com/${id}.glb`, `${id}.glb`, new Date(ctx.clock.now().getTime() - age));
    }
    for (let i = 0; i < 29; i++) assert.equal((await ask(40 + i / 100)).statusCode, 200, `new model ${i + 1}`);
    assert.equal(json(await ask(31)).status, 'ready', 'the fresh model opens and does not count');
    const expired = await ask(30);
    assert.equal(expired.statusCode, 200, 'the 30th generation of the hour: the expired model is generated again');
    assert.equal(json(expired).status, 'pending');
    assert.equal((await ask(41)).statusCode, 429, 'the regeneration counted: the allowance is used up');
  });
});
