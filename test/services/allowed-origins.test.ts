import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allowedOrigins, InvalidOriginError, MAX_ORIGINS_PER_KEY } from '../../src/services/api-key-service.ts';

test('allowed sites become origins without repeats; a bad entry and more than 20 are refused (portal and CLI alike)', () => {
  assert.deepEqual(allowedOrigins(['https://www.installer.example/page', 'https://www.installer.example', 'http://installer.example:8080/x']), ['https://www.installer.example', 'http://installer.example:8080']);
  assert.throws(() => allowedOrigins(['https://ok.example', 'ftp://files.example']), (error: unknown) => error instanceof InvalidOriginError && error.value === 'ftp://files.example');
  // The origins go into the embed's Content-Security-Policy: what is not a host name must not add to it.
  for (const value of ['https://a.example;sandbox', 'https://*', 'https://a"b.example', `https://${'a'.repeat(300)}.example`]) {
    assert.throws(() => allowedOrigins([value]), (error: unknown) => error instanceof InvalidOriginError && error.value === value, value);
  }
  assert.deepEqual(allowedOrigins(['https://müller.example', 'https://[::1]:3000']), ['https://xn--mller-kva.example', 'https://[::1]:3000']);
  const many = Array.from({ length: MAX_ORIGINS_PER_KEY + 1 }, (_, i) => `https://site${i}.example`);
  assert.equal(MAX_ORIGINS_PER_KEY, 20);
  assert.throws(() => allowedOrigins(many), /At most 20 sites per key/);
  assert.equal(allowedOrigins(many.slice(0, 20)).length, 20);
});
