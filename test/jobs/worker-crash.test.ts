import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import { AccountsRepository } from '../../src/db/accounts-repository.ts';
import { ApiKeysRepository } from '../../src/db/api-keys-repository.ts';
import { openDatabase, quoteIdent } from '../../src/db/database.ts';
import { freePort, startServiceChild } from '../helpers/service-child.ts';
import { TEST_DATABASE_URL, waitFor } from '../helpers/test-context.ts';

/** A service process with one generation worker that checks in every 10 s. */
const WORKER_PROCESS = { JOB_HEARTBEAT_SECONDS: '10', WORKERS: '1' };




async function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

interface Setup {
  env: Record<string, string>;
  key: string;
  cleanup(): Promise<void>;
}

async function prepare(kind: 'pglite' | 'postgres'): Promise<Setup> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-crash-'));
  const schema = kind === 'postgres' ? `crash_${randomBytes(5).toString('hex')}` : 'public';
  const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_SCHEMA: schema, ...(kind === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL! } : {}) };
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, schema });
  const account = await new AccountsRepository(handle.db).create('crash@example.com', 'business');
  const { secret } = await new ApiKeysRepository(handle.db).create(account!.id, 'crash');
  await handle.close();
  return {
    env,
    key: secret,
    async cleanup() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (kind === 'postgres') {
        const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await client.connect();
        await client.query(`drop schema if exists ${quoteIdent(schema)} cascade; drop schema if exists ${quoteIdent(`${schema}_queue`)} cascade`);
        await client.end();
      }
    },
  };
}

async function readJob(port: number, key: string, id: string): Promise<Record<string, unknown>> {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/models/${id}`, { headers: { authorization: `Bearer ${key}` } });
  return (await response.json()) as Record<string, unknown>;
}

// The two cases spend most of their time waiting for a lapsed lease (pg-boss allows no heartbeat under
// 10 s); they share nothing (own data folder, schema and ports), so they wait side by side.
describe('a worker killed mid-job', { concurrency: 2 }, () => {
  const children: ChildProcess[] = [];
  after(async () => {
    for (const child of children) await killed(child);
  });

  test('embedded database: the job recovers when the service restarts after the lease lapses', async () => {
    const setup = await prepare('pglite');
    try {
      const port = await freePort();
      const first = await startServiceChild({ ...WORKER_PROCESS, ...setup.env, PORT: String(port), TEST_GENERATOR_HANG: '1' });
      children.push(first);
      const created = await fetch(`http://127.0.0.1:${port}/api/v1/models`, { method: 'POST', headers: { authorization: `Bearer ${setup.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ latitude: 47.1, longitude: 9.5 }) });
      assert.equal(((await created.json()) as { status: string }).status, 'pending');
      await waitFor('processing', async () => (await readJob(port, setup.key, 'hd_47.1_9.5_0.3')).status === 'processing');
      await killed(first);
      const second = await startServiceChild({ ...WORKER_PROCESS, ...setup.env, PORT: String(port) });
      children.push(second);
      const ready = await waitFor('ready after the lease lapsed', async () => {
        const job = await readJob(port, setup.key, 'hd_47.1_9.5_0.3');
        return job.status === 'ready' && job;
      }, 60_000);
      assert.match(ready.modelUrl as string, /\.glb$/);
      await killed(second);
    } finally {
      await setup.cleanup();
    }
  });

  test('PostgreSQL: another worker process takes the job of a killed one', { skip: TEST_DATABASE_URL ? false : 'needs TEST_DATABASE_URL (a PostgreSQL server)' }, async () => {
    const setup = await prepare('postgres');
    try {
      const hangingPort = await freePort();
      const hanging = await startServiceChild({ ...WORKER_PROCESS, ...setup.env, PORT: String(hangingPort), TEST_GENERATOR_HANG: '1' });
      children.push(hanging);
      await fetch(`http://127.0.0.1:${hangingPort}/api/v1/models`, { method: 'POST', headers: { authorization: `Bearer ${setup.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ latitude: 47.2, longitude: 9.6 }) });
      await waitFor('processing', async () => (await readJob(hangingPort, setup.key, 'hd_47.2_9.6_0.3')).status === 'processing');
      const healthyPort = await freePort();
      const healthy = await startServiceChild({ ...WORKER_PROCESS, ...setup.env, PORT: String(healthyPort) });
      children.push(healthy);
      await killed(hanging);
      const ready = await waitFor('ready on the other worker', async () => {
        const job = await readJob(healthyPort, setup.key, 'hd_47.2_9.6_0.3');
        return job.status === 'ready' && job;
      }, 60_000);
      assert.match(ready.modelUrl as string, /\.glb$/);
      await killed(healthy);
    } finally {
      await setup.cleanup();
    }
  });
});
