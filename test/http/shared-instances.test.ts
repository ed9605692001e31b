import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiKeysRepository } from '../../src/db/api-keys-repository.ts';
import { hashApiKey } from '../../src/domain/api-key.ts';
import { TEST_DATABASE_URL, createTestContext, json, waitFor, type TestContext } from '../helpers/test-context.ts';

describe('two API instances on one PostgreSQL', { skip: TEST_DATABASE_URL ? false : 'needs TEST_DATABASE_URL (a PostgreSQL server)' }, () => {
  let first: TestContext;
  let second: TestContext;
  before(async () => {
    first = await createTestContext({ kind: 'postgres' });
    second = await createTestContext({ kind: 'postgres', schema: first.database.schema });
  });
  after(async () => {
    await second.close();
    await first.close();
  });

  test('share one rate limit per key', async () => {
    const key = await first.createKey();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const instance = i % 2 === 0 ? first : second;
      const response = await instance.app.inject({ method: 'POST', url: '/api/v1/models', headers: { authorization: `Bearer ${key}` }, payload: { latitude: 50, longitude: i } });
      statuses.push(response.statusCode);
    }
    assert.deepEqual(statuses, [...Array(10).fill(200), 429, 429]);
  });

  test('share one session limit per IP, also under concurrent requests', async () => {
    const requests = Array.from({ length: 14 }, (_, i) =>
      (i % 2 === 0 ? first : second).app.inject({ method: 'POST', url: '/api/mcp-sessions', payload: { latitude: 1, longitude: i, agentName: 'c' }, remoteAddress: '192.0.2.44' }),
    );
    const statuses = (await Promise.all(requests)).map((r) => r.statusCode).sort();
    assert.deepEqual(statuses, [...Array(10).fill(200), ...Array(4).fill(429)]);
  });

  test('a key revoked through one instance fails at once on the other', async () => {
    const key = await first.createKey();
    const read = () => second.app.inject({ method: 'GET', url: '/api/v1/models/hd_0_0_0.3', headers: { authorization: `Bearer ${key}` } });
    assert.equal((await read()).statusCode, 404, 'the key works (and is now cached) on the second instance');
    await new ApiKeysRepository(first.database.db).revoke({ hash: hashApiKey(key) });
    await waitFor('revocation seen by the other instance', async () => (await read()).statusCode === 401, 2000);
    assert.equal(json(await read()).error, 'Invalid or revoked API key');
  });
});
