import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { AccountsRepository } from '../../src/db/accounts-repository.ts';
import { ApiKeysRepository } from '../../src/db/api-keys-repository.ts';
import { openDatabase } from '../../src/db/database.ts';
import { freePort, startServiceChild } from '../helpers/service-child.ts';

const KEYS = 8;
const LIMIT = 10;
const PER_KEY = 14;



test('with the embedded database, no admitted request is forgotten when the service is killed (kill -9)', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-limit-kill-'));
  try {
    const handle = await openDatabase({ dataDir });
    const keys: string[] = [];
    for (let i = 0; i < KEYS; i++) {
      const account = await new AccountsRepository(handle.db).create(`kill${i}@example.com`, 'business');
      keys.push((await new ApiKeysRepository(handle.db).create(account!.id, 'kill')).secret);
    }
    await handle.close();
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    const url = `http://127.0.0.1:${port}/api/v1/models`;
    const post = (key: string, n: number) =>
      fetch(url, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ latitude: 10 + n / 1000, longitude: 20 }) });

    // Every key asks more often than its limit, all at once; the service is killed as soon as the
    // first admissions are acknowledged, while the rest are in flight.
    const child = await startServiceChild({ WORKERS: '0', ...env });
    const admitted = new Array<number>(KEYS).fill(0);
    let acknowledged = 0;
    const killed = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const sent = keys.flatMap((key, k) =>
      Array.from({ length: PER_KEY }, (_, n) =>
        post(key, k * PER_KEY + n).then(
          (response) => {
            if (response.ok) admitted[k]++;
            if (++acknowledged === Math.floor((KEYS * PER_KEY) / 3)) child.kill('SIGKILL');
          },
          () => {},
        ),
      ),
    );
    await Promise.all(sent);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await killed;
    const before = admitted.reduce((a, b) => a + b, 0);
    assert.ok(before > 0, 'some requests were admitted before the kill');

    const again = await startServiceChild({ WORKERS: '0', ...env });
    try {
      for (const [k, key] of keys.entries()) {
        let more = 0;
        for (;;) {
          const response = await post(key, 10_000 + k * 100 + more);
          if (response.status === 429) break;
          assert.ok(response.ok, `answered ${response.status}`);
          more++;
        }
        assert.ok(admitted[k] + more <= LIMIT, `key ${k}: ${admitted[k]} admitted before the kill and ${more} after the restart, limit ${LIMIT}`);
      }
    } finally {
      again.kill('SIGTERM');
      await new Promise((resolve) => again.once('exit', resolve));
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
