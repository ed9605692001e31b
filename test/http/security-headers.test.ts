import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { SITE_CSS_PATH } from '../../src/http/pages/layout.ts';
import { freePort } from '../helpers/listening-service.ts';
import { signedInPartner } from '../helpers/partner-session.ts';
import { createTestContext, type TestContext } from '../helpers/test-context.ts';
import { SmtpStandIn } from '../stand-ins/smtp-stand-in.ts';

/** The directive `name` of a Content-Security-Policy, or undefined. */
function directive(policy: string, name: string): string | undefined {
  return policy.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `));
}

/** Headers every answer must carry; HTML pages also a policy that says who may frame them. */
function assertHeaders(what: string, response: LightMyRequestResponse, https: boolean): void {
  const headers = response.headers;
  assert.equal(headers['x-content-type-options'], 'nosniff', `${what}: nosniff`);
  assert.ok(headers['referrer-policy'], `${what}: a Referrer-Policy`);
  if (https) assert.match(String(headers['strict-transport-security']), /^max-age=\d{7,}/, `${what}: HSTS over HTTPS`);
  else assert.equal(headers['strict-transport-security'], undefined, `${what}: no HSTS over plain HTTP`);
  if (String(headers['content-type']).startsWith('text/html')) {
    const policy = String(headers['content-security-policy'] ?? '');
    assert.ok(directive(policy, 'default-src'), `${what}: a Content-Security-Policy (${policy})`);
    assert.ok(directive(policy, 'frame-ancestors'), `${what}: the policy says who may frame the page`);
    assert.doesNotMatch(policy, /script-src[^;]*'unsafe-inline'/, `${what}: no inline scripts allowed`);
  }
}

describe('security headers on every kind of answer', () => {
  let ctx: TestContext;
  let plain: TestContext;
  let smtp: SmtpStandIn;
  let key: string;
  before(async () => {
    smtp = await SmtpStandIn.start();
    ctx = await createTestContext({ smtpUrl: smtp.url });
    plain = await createTestContext({ env: { PUBLIC_BASE_URL: 'http://localhost:3000' } });
    key = await ctx.createKey();
  });
  after(async () => {
    await ctx?.close();
    await plain?.close();
    await smtp?.down();
  });

  test('API answers, errors, files and pages, signed in or not; HSTS only over HTTPS', async () => {
    const { browser } = await signedInPartner(ctx, smtp, 'headers@example.com');
    const auth = { authorization: `Bearer ${key}` };
    const requests: [string, InjectOptions][] = [
      ['API JSON', { method: 'GET', url: '/api/health' }],
      ['API with a key', { method: 'POST', url: '/api/v1/models', headers: auth, payload: { latitude: 43.7, longitude: 7.4 } }],
      ['API 400', { method: 'POST', url: '/api/mcp-sessions', payload: { latitude: 1, longitude: 2, agentName: 'a\u0000b' } }],
      ['API 401', { method: 'GET', url: '/api/v1/models/x' }],
      ['API 404', { method: 'GET', url: '/api/nothing-here' }],
      ['API 413', { method: 'POST', url: '/api/solar/calculate', headers: { 'content-type': 'application/json' }, payload: 'x'.repeat(20_000) }],
      ['API 415', { method: 'POST', url: '/api/solar/calculate', headers: { 'content-type': 'text/plain' }, payload: 'x' }],
      ['bad percent-encoding', { method: 'GET', url: '/api/v1/models/%E0%A4%A' }],
      ['OpenAPI document', { method: 'GET', url: '/api/openapi.json' }],
      ['llms.txt', { method: 'GET', url: '/llms.txt' }],
      ['metrics', { method: 'GET', url: '/metrics' }],
      ['site stylesheet', { method: 'GET', url: SITE_CSS_PATH }],
      ['sign-in page', { method: 'GET', url: '/auth/login' }],
      ['sign-up page', { method: 'GET', url: '/auth/signup' }],
      ['forgot page', { method: 'GET', url: '/auth/forgot' }],
      ['reset page with a token in its address', { method: 'GET', url: '/auth/reset?token=abc' }],
      ['form of another type (415 page)', { method: 'POST', url: '/auth/login', headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--' }],
      ['form too large (413 page)', { method: 'POST', url: '/auth/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `a=${'x'.repeat(20_000)}` }],
      ['portal, signed in', { method: 'GET', url: '/partner', cookies: Object.fromEntries(browser.cookies) }],
      ['leads page, signed in', { method: 'GET', url: '/partner/leads', cookies: Object.fromEntries(browser.cookies) }],
      ['portal, signed out (redirect)', { method: 'GET', url: '/partner' }],
      ['API reference', { method: 'GET', url: '/docs/' }],
      ['API reference page', { method: 'GET', url: '/docs/static/index.html' }],
      ['embed without a key (401 page)', { method: 'GET', url: '/embed?lat=43.7&lng=7.4' }],
      ['embed with a key', { method: 'GET', url: `/embed?lat=43.7&lng=7.4&key=${key}` }],
      ['embed with a bad location (400 page)', { method: 'GET', url: `/embed?lat=400&lng=7.4&key=${key}` }],
      ['viewer with an unknown session', { method: 'GET', url: '/viewer?session=nothing' }],
    ];
    for (const [what, request] of requests) {
      const response = await ctx.app.inject(request);
      assert.ok(response.statusCode < 500, `${what}: ${response.statusCode}`);
      assertHeaders(what, response, true);
    }
    for (const [what, request] of requests.slice(0, 14)) assertHeaders(`${what} (http)`, await plain.app.inject(request), false);
  });

  test('the sign-in, portal and reset pages keep their address to themselves; only the embed may be framed', async () => {
    for (const url of ['/auth/login', '/auth/reset?token=abc', '/auth/forgot']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      assert.equal(response.headers['referrer-policy'], 'same-origin', url);
      assert.equal(directive(String(response.headers['content-security-policy']), 'frame-ancestors'), "frame-ancestors 'none'", url);
    }
    const docs = await ctx.app.inject({ method: 'GET', url: '/docs/static/index.html' });
    assert.equal(docs.headers['x-frame-options'], 'DENY');
    assert.equal(directive(String(docs.headers['content-security-policy']), 'frame-ancestors'), "frame-ancestors 'none'");
    assert.equal(directive(String(docs.headers['content-security-policy']), 'script-src'), "script-src 'self'");
    const refused = await ctx.app.inject({ method: 'GET', url: '/embed?lat=43.7&lng=7.4&key=spk_unknown' });
    assert.equal(refused.statusCode, 401);
    assert.equal(directive(String(refused.headers['content-security-policy']), 'frame-ancestors'), 'frame-ancestors *', 'the 401 page shows inside partners’ iframes');
    assert.equal(directive(String(refused.headers['content-security-policy']), 'style-src'), "style-src 'self'", 'its styles come from the site stylesheet');
  });

  test('an answer to unparsable HTTP carries nosniff too', async () => {
    const port = await freePort();
    await plain.app.listen({ port, host: '127.0.0.1' });
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('NOT HTTP\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => resolve(text));
    });
    assert.match(answer, /^X-Content-Type-Options: nosniff\r$/im);
  });
});
