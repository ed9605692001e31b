/**
 * Servers for bench/api-throughput.ts, started in a child process so the load generator does not share
 * their event loop: `bare` is a plain Fastify route returning a model job's JSON; `app` is the service
 * (embedded database) with a ready model and many keys. Prints one JSON line with the port (and keys).
 */
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { compose } from '../src/compose.ts';
import { loadConfig } from '../src/config.ts';
import { AccountsRepository } from '../src/db/accounts-repository.ts';
import { openDatabase } from '../src/db/database.ts';
import { ModelJobsRepository } from '../src/db/model-jobs-repository.ts';
import { generateApiKey } from '../src/domain/api-key.ts';
import { PvgisClient } from '../src/irradiance/pvgis-client.ts';
import { LocalObjectStore } from '../src/storage/local-object-store.ts';

export const READY_JOB = { id: 'hd_43.7396_7.4276_0.3', status: 'ready', modelUrl: 'http://127.0.0.1/files/models/hd_43.7396_7.4276_0.3/0123456789abcdef.glb', progress: 100, step: null };

const mode = process.argv[2];
const keyCount = Number(process.argv[3] ?? 1);

if (mode === 'bare') {
  const app = Fastify();
  app.get('/api/v1/models/:id', async () => READY_JOB);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
} else {
  const config = loadConfig({ LOG_LEVEL: 'silent', WORKERS: '0', DATA_DIR: '/tmp/solar-partner-bench' });
  const database = await openDatabase({ dataDir: 'memory://' });
  const account = await new AccountsRepository(database.db).create('bench@example.com', 'business');
  const keys = Array.from({ length: keyCount }, () => generateApiKey());
  for (let i = 0; i < keys.length; i += 500) {
    await database.db.insertInto('api_keys').values(keys.slice(i, i + 500).map((key, j) => ({ account_id: account!.id, name: `bench ${i + j}`, prefix: key.displayPrefix, key_hash: key.hash }))).execute();
  }
  const jobs = new ModelJobsRepository(database.db);
  await database.db.transaction().execute((trx) => jobs.queueIfNeeded(trx, READY_JOB.id, 'hd', { latitude: 43.7396, longitude: 7.4276, radiusKm: 0.3 }, new Date()));
  await jobs.markReady(READY_JOB.id, READY_JOB.modelUrl, 'models/x.glb', new Date());
  const silent = { info() {}, warn() {}, error() {} };
  const store = new LocalObjectStore('/tmp/solar-partner-bench/objects', config.publicBaseUrl);
  const parts = await compose(config, { database, logger: silent, store, irradiance: new PvgisClient({ baseUrl: config.pvgisUrl }), sendEmail: false });
  const app = await buildApp({ config, services: parts.services, store });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port, keys: keys.map((k) => k.secret) })}\n`);
}
