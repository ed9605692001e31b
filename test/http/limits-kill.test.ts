import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { AccountsRepository } from '../../src/db/accounts-repository.ts';
import { ApiKeysRepository } from '../../src/db/api-keys-repository.ts';
import { openDatabase } from '../../src/db/database.ts';

const SERVICE = path.resolve(import.meta.dirname, '../helpers/service-process.ts');
const KEYS = 8;
const LIMIT = 10;
const PER_KEY = 14;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startChild(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SERVICE], { env: { ...process.env, LOG_LEVEL: 'warn', WORKERS: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('service ready') && resolve());
    child.on('exit', (code) => reject(new Error(`service exited with ${code}: ${output}`)));
  });
  return child;
}

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
    const child = await startChild(env);
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

    const again = await startChild(env);
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
