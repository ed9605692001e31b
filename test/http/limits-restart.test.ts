import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { createTestContext } from '../helpers/test-context.ts';

test('with the embedded database, rate limits survive a restart of the service', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-restart-'));
  try {
    const first = await createTestContext({ embeddedDir: folder });
    const key = await first.createKey();
    const post = (ctx: typeof first, longitude: number) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/models', headers: { authorization: `Bearer ${key}` }, payload: { latitude: 5, longitude } });
    for (let i = 0; i < 10; i++) assert.equal((await post(first, i)).statusCode, 200);
    await first.close();

    const second = await createTestContext({ embeddedDir: folder });
    try {
      const over = await post(second, 10);
      assert.equal(over.statusCode, 429, 'the ten requests before the restart still count');
      assert.equal(over.headers['ratelimit-remaining'], '0');
    } finally {
      await second.close();
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
