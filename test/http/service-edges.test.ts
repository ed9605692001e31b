import zlib from 'node:zlib';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { LocalObjectStore } from '../../src/storage/local-object-store.ts';
import { createTestContext, json, type TestContext } from '../helpers/test-context.ts';

describe('errors, health, documentation and files', () => {
  let ctx: TestContext;
  let key: string;
  before(async () => {
    ctx = await createTestContext();
    key = await ctx.createKey();
  });
  after(async () => ctx.close());

  test('an unknown route is 404 JSON', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v2/models?x=1' });
    assert.equal(response.statusCode, 404);
    assert.match(response.headers['content-type'] as string, /application\/json/);
    assert.deepEqual(json(response), { error: 'No such endpoint: GET /api/v2/models' });
  });

  test('a known path asked with a method it does not take is 405 JSON naming the methods it takes', async () => {
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/solar/calculate' });
    assert.equal(response.statusCode, 405);
    assert.equal(response.headers.allow, 'POST');
    assert.deepEqual(json(response), { error: 'DELETE is not allowed on /api/solar/calculate; it accepts POST' });
    const withParameter = await ctx.app.inject({ method: 'PUT', url: '/api/v1/models/sd_1_2_0.3' });
    assert.equal(withParameter.statusCode, 405, 'a path with a parameter is matched like the router matches it');
    assert.match(withParameter.headers.allow as string, /^GET/);
    const missingFile = await ctx.app.inject({ method: 'GET', url: '/files/models/nope.glb' });
    assert.equal(missingFile.statusCode, 404, 'a missing file under a route that takes GET is not found, not a wrong method');
    assert.deepEqual(json(missingFile), { error: 'Nothing is at /files/models/nope.glb: there is no file or item of that name' });
    const withEmptyBody = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/models', headers: { 'content-type': 'application/json' } });
    assert.equal(withEmptyBody.statusCode, 405, 'the wrong method is named before the body it brought');
    assert.match(json(withEmptyBody).error as string, /^DELETE is not allowed on \/api\/v1\/models; it accepts POST/);
    for (const refused of ['/files/', '/files/.hidden']) {
      const response = await ctx.app.inject({ method: 'GET', url: refused });
      assert.equal(response.statusCode, 403, refused);
      assert.match(json(response).error as string, /is not a model file: \/files\/ serves only the files a model's glbUrl names/, refused);
    }
  });

  test('text with an unpaired surrogate is refused, naming the field, rather than stored as something else', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/mcp-sessions', headers: { 'content-type': 'application/json' }, payload: '{"latitude":1,"longitude":2,"agentName":"\\ud800x"}' });
    assert.equal(response.statusCode, 400);
    assert.match(String(json(response).error), /^agentName must not contain control characters such as U\+0000 or unpaired surrogates/);
  });

  test('a body that is not UTF-8 is refused as such, rather than stored with replacement characters', async () => {
    // "agentName":"Zürich" in Latin-1: the ü is the single byte 0xFC.
    const latin1 = Buffer.concat([Buffer.from('{"latitude":1,"longitude":2,"agentName":"Z'), Buffer.from([0xfc]), Buffer.from('rich"}')]);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/mcp-sessions', headers: { 'content-type': 'application/json' }, payload: latin1 });
    assert.equal(response.statusCode, 400);
    assert.equal(json(response).error, 'Request body is not valid UTF-8; send JSON text encoded as UTF-8');
    const utf8 = await ctx.app.inject({ method: 'POST', url: '/api/mcp-sessions', headers: { 'content-type': 'application/json' }, payload: Buffer.from('{"latitude":1,"longitude":2,"agentName":"Zürich"}') });
    assert.equal(utf8.statusCode, 200, utf8.body);
    assert.equal(json(utf8).agentName, 'Zürich');
  });

  test('a query parameter given twice is named as given twice, not as the wrong type', async () => {
    const embed = await ctx.app.inject({ method: 'GET', url: `/embed?lat=47.141&lat=47.141&lng=9.52&key=${key}` });
    assert.equal(embed.statusCode, 400);
    assert.match(embed.body, /lat is given 2 times; give it once/);
    const places = await ctx.app.inject({ method: 'GET', url: `/api/viewer/places?q=Vaduz&q=Schaan&key=${key}` });
    assert.equal(places.statusCode, 400);
    assert.equal(json(places).error, 'q is given 2 times; give it once');
  });

  test('malformed JSON is 400 JSON', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/solar/calculate', headers: { 'content-type': 'application/json' }, payload: '{"latitude": 45,' });
    assert.equal(response.statusCode, 400);
    assert.equal(json(response).error, 'Request body is not valid JSON; send a JSON object');
  });

  test('a body over the limit is 413 JSON', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/mcp-sessions', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ agentName: 'x'.repeat(20_000) }) });
    assert.equal(response.statusCode, 413);
    assert.equal(json(response).error, 'Request body is too large; the limit is 16384 bytes');
  });

  test('a wrong content type is 415 JSON', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/models', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' }, payload: 'latitude=1' });
    assert.equal(response.statusCode, 415);
    assert.equal(json(response).error, 'Content-Type text/plain is not supported; send application/json');
  });

  test('health is ok with its three checks', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(response.statusCode, 200);
    const body = json<{ status: string; version: string; uptimeS: number; checks: Record<string, string> }>(response);
    assert.equal(body.status, 'ok');
    assert.match(body.version, /^\d+\.\d+\.\d+$/);
    assert.equal(typeof body.uptimeS, 'number');
    assert.deepEqual(body.checks, { database: 'ok', queue: 'ok', storage: 'ok' });
  });

  test('health is 503 naming the failing check', async () => {
    const broken = await createTestContext();
    // The object store's folder disappears under the running service (a lost mount) and a file takes its place.
    const root = (broken.store as LocalObjectStore).root;
    fs.rmSync(root, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(root), { recursive: true });
    fs.writeFileSync(root, 'not a folder');
    try {
      const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
      assert.equal(response.statusCode, 503);
      const body = json<{ status: string; error: string; checks: Record<string, string> }>(response);
      assert.equal(body.status, 'error');
      assert.deepEqual(body.checks, { database: 'ok', queue: 'ok', storage: 'failed' });
      assert.match(body.error, /^storage check failed: /);
    } finally {
      await broken.close();
    }
  });

  test('the OpenAPI 3.1 document describes every endpoint and its errors; /docs serves the reader', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    assert.equal(response.statusCode, 200);
    const document = json<{ openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>> }>(response);
    assert.equal(document.openapi, '3.1.0');
    const expected: [string, string, string[]][] = [
      ['/api/v1/models', 'post', ['200', '400', '401', '413', '415', '429']],
      ['/api/v1/models/{id}', 'get', ['200', '400', '401', '404']],
      ['/api/solar/calculate', 'post', ['200', '400', '413', '415', '503']],
      ['/api/health', 'get', ['200', '503']],
      ['/api/mcp-sessions', 'post', ['200', '400', '413', '415', '429']],
      ['/api/mcp-sessions/{id}', 'get', ['200', '400', '404']],
      ['/embed', 'get', ['200']],
    ];
    for (const [route, method, statuses] of expected) {
      const operation = document.paths[route]?.[method];
      assert.ok(operation, `${method.toUpperCase()} ${route} is documented`);
      assert.deepEqual(Object.keys(operation.responses).sort(), statuses.sort(), `${route} responses`);
    }
    // The largest radius is documented where a partner reads it: 0.05 to 5 km.
    const body = document.paths['/api/v1/models'].post.requestBody as { content: Record<string, { schema: { properties: Record<string, { maximum?: number; description?: string }> } }> };
    const radius = body.content['application/json'].schema.properties.radiusKm;
    assert.equal(radius.maximum, 5);
    assert.match(String(radius.description), /0\.05 to 5/);
    // Each request's example is a real place the service takes as written (a partner pastes it in the docs).
    for (const route of ['/api/solar/calculate', '/api/mcp-sessions']) {
      const example = (document.paths[route].post.requestBody as { content: Record<string, { example?: Record<string, unknown> }> }).content['application/json'].example;
      assert.ok(example && Math.abs(Number(example.latitude)) < 80, `${route} has a real place as its example: ${JSON.stringify(example)}`);
      const answer = await ctx.app.inject({ method: 'POST', url: route, payload: example });
      assert.notEqual(answer.statusCode, 400, `${route} takes its own example: ${answer.body}`);
    }
    const modelExample = (document.paths['/api/v1/models'].post.requestBody as { content: Record<string, { example?: Record<string, unknown> }> }).content['application/json'].example;
    assert.ok(modelExample && Math.abs(Number(modelExample.latitude)) < 80, `the model request's example is a real place: ${JSON.stringify(modelExample)}`);
    const docs = await ctx.app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(docs.statusCode, 200);
    assert.match(docs.body, /swagger-ui/i);
  });

  test('model files are served with ETag, Range and immutable caching; no escape from the store', async () => {
    await ctx.store.put('models/hd_1_2_0.3/abc.glb', new Uint8Array(Buffer.from('glTF-0123456789')), 'model/gltf-binary');
    const whole = await ctx.app.inject({ method: 'GET', url: '/files/models/hd_1_2_0.3/abc.glb' });
    assert.equal(whole.statusCode, 200);
    assert.equal(whole.headers['content-type'], 'model/gltf-binary');
    assert.equal(whole.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.ok(whole.headers.etag);
    const revalidated = await ctx.app.inject({ method: 'GET', url: '/files/models/hd_1_2_0.3/abc.glb', headers: { 'if-none-match': whole.headers.etag as string } });
    assert.equal(revalidated.statusCode, 304);
    const part = await ctx.app.inject({ method: 'GET', url: '/files/models/hd_1_2_0.3/abc.glb', headers: { range: 'bytes=0-3' } });
    assert.equal(part.statusCode, 206);
    assert.equal(part.body, 'glTF');
    const escape = await ctx.app.inject({ method: 'GET', url: '/files/..%2f..%2fetc%2fpasswd' });
    assert.notEqual(escape.statusCode, 200);
    assert.equal(ctx.store.publicUrl('models/a.glb'), 'https://solar.example.com/files/models/a.glb');
  });

  test('models and JSON go out compressed to clients that accept it, with their own ETag, ranges and caching', async () => {
    // A model-like body that compresses (repeated vertex data), larger than the 1 KB worth compressing.
    const model = Buffer.concat([Buffer.from('glTF'), Buffer.alloc(40_000, 'vertex 1.0 2.0 3.0 ')]);
    await ctx.store.put('models/hd_3_4_0.3/def.glb', new Uint8Array(model), 'model/gltf-binary');
    const url = '/files/models/hd_3_4_0.3/def.glb';
    const brotli = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(brotli.statusCode, 200);
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.equal(brotli.headers['content-type'], 'model/gltf-binary');
    assert.equal(brotli.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(String(brotli.headers.vary), /accept-encoding/i);
    assert.ok(brotli.rawPayload.length < model.length / 10, `${brotli.rawPayload.length} bytes sent for ${model.length}`);
    assert.deepEqual(zlib.brotliDecompressSync(brotli.rawPayload), model);
    const gzip = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.deepEqual(zlib.gunzipSync(gzip.rawPayload), model);
    const plain = await ctx.app.inject({ method: 'GET', url });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.rawPayload.length, model.length);
    assert.notEqual(plain.headers.etag, brotli.headers.etag, 'each encoding is its own representation');
    const revalidated = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': brotli.headers.etag as string } });
    assert.equal(revalidated.statusCode, 304);
    const part = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-3' } });
    assert.equal(part.statusCode, 206);
    assert.equal(part.body, 'glTF');

    const api = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(api.headers['content-encoding'], 'gzip');
    assert.ok(JSON.parse(zlib.gunzipSync(api.rawPayload).toString()).openapi);
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/solar/calculate', headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' }, payload: zlib.gzipSync('{}') });
    assert.equal(sent.statusCode, 415, 'compressed request bodies are not taken');
    assert.equal(json(sent).error, 'Content-Encoding gzip is not supported; send the JSON body uncompressed');
  });

  test('metrics count requests by route, for this machine only, not through a proxy on it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(response.statusCode, 200);
    assert.match(response.body, /http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/);
    const outside = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
    assert.equal(outside.statusCode, 403, 'from elsewhere, whatever the forwarded address says');
    assert.match(String(json(outside).error), /set METRICS_TOKEN/);
    // A TLS proxy on this machine connects from the loopback for every outside client: what it forwards is not this machine.
    for (const headers of [{ 'x-forwarded-for': '198.51.100.7' }, { forwarded: 'for=198.51.100.7;proto=https' }]) {
      const proxied = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers });
      assert.equal(proxied.statusCode, 403, JSON.stringify(headers));
    }
  });

  test('with METRICS_TOKEN, metrics need it as a bearer token from anywhere', async () => {
    const scraped = await createTestContext({ env: { METRICS_TOKEN: 'scrape-secret-1234' } });
    try {
      const ask = (authorization?: string) => scraped.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers: authorization ? { authorization } : {} });
      assert.equal((await ask()).statusCode, 401);
      assert.equal((await ask('Bearer wrong-secret-123')).statusCode, 401);
      assert.equal((await ask('Bearer scrape-secret-1234')).statusCode, 200);
    } finally {
      await scraped.close();
    }
  });
});
