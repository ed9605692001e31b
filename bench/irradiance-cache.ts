/**
 * Time of `POST /api/solar/calculate` answered from the irradiance cache (embedded database), through
 * the whole app (inject), against the same request answered by a provider that returns at once.
 * Goal: cache hits in under 5 ms.
 *
 *   node bench/irradiance-cache.ts
 */
import os from 'node:os';
import { buildApp } from '../src/app.ts';
import { createServices } from '../src/compose.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { IrradianceCacheRepository } from '../src/db/irradiance-cache-repository.ts';
import { CachedIrradianceProvider } from '../src/irradiance/cached-irradiance.ts';
import type { IrradianceProvider } from '../src/irradiance/irradiance-provider.ts';
import { JobQueue } from '../src/jobs/queue.ts';
import { LocalObjectStore } from '../src/storage/local-object-store.ts';

const config = loadConfig({ LOG_LEVEL: 'silent', WORKERS: '0', DATA_DIR: '/tmp/solar-partner-bench' });
const database = await openDatabase({ dataDir: 'memory://' });
const queue = await JobQueue.start(database, { heartbeatSeconds: 30 }, () => {});
const instant: IrradianceProvider = { irradiation: async () => ({ annualGti: 1500, monthlyGti: Array(12).fill(125), source: 'instant' }) };
const store = new LocalObjectStore('/tmp/solar-partner-bench/objects', config.publicBaseUrl);
const silent = { info() {}, warn() {}, error() {} };
const appWith = (irradiance: IrradianceProvider) => buildApp({ config, store, services: createServices(config, { database, queue, store, irradiance, logger: silent, now: () => new Date() }).services });
const cachedApp = await appWith(new CachedIrradianceProvider(instant, new IrradianceCacheRepository(database.db)));
const instantApp = await appWith(instant);

async function measure(app: typeof cachedApp, distinct: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const payload = { latitude: 45 + (i % distinct) * 0.01, longitude: 8, tiltDeg: 30, azimuthDeg: 180, panelAreaM2: 10, panelEfficiency: 0.2 };
    const t = performance.now();
    const response = await app.inject({ method: 'POST', url: '/api/solar/calculate', payload });
    times.push(performance.now() - t);
    if (response.statusCode !== 200) throw new Error(response.body);
  }
  return times.sort((a, b) => a - b);
}

// Fill the cache, then measure hits in memory (100 places) and hits read from the database (fresh instance).
await measure(cachedApp, 100);
const memoryHits = await measure(cachedApp, 100);
const databaseApp = await appWith(new CachedIrradianceProvider(instant, new IrradianceCacheRepository(database.db), { memoryEntries: 1 }));
const databaseHits = await measure(databaseApp, 100);
const baseline = await measure(instantApp, 100);
const row = (name: string, t: number[]) => console.log(`| ${name} | ${t[Math.floor(t.length / 2)].toFixed(3)} | ${t[Math.floor(t.length * 0.99)].toFixed(3)} |`);
console.log(`\n${new Date().toISOString().slice(0, 10)} · ${os.cpus().length} cores · ${os.cpus()[0]?.model ?? 'cpu'} · Node ${process.version} · 2000 sequential requests each\n`);
console.log('| case | median ms | p99 ms |');
console.log('|---|---:|---:|');
row('baseline: provider answering at once (no cache)', baseline);
row('cache hit from memory', memoryHits);
row('cache hit from the database', databaseHits);
await Promise.all([cachedApp.close(), instantApp.close(), databaseApp.close()]);
await queue.stop();
await database.close();
