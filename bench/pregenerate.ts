/**
 * Pre-generation of Vaduz: `solar-partner pregenerate --around 47.1410,9.5209,3 --spacing 0.3` (a square
 * 3 km on each side, places 0.3 km apart, SD models) with the Liechtenstein extract, on PostgreSQL,
 * worked by 1 and then 2 `solar-partner worker` processes (WORKERS=1 each), each configuration in a
 * schema of its own so nothing is cached between them. Reports models per minute and the scaling ratio.
 * No terrain data covers Vaduz here (TERRAIN_TILES_URL=none: flat ground).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/pregenerate.ts
 *
 * The extract's index is built before timing (`solar-partner osm index`), and one `generate` warms up.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
const EXTRACT = path.resolve(import.meta.dirname, '../../shared/data/osm/liechtenstein-2024-03-04.osm.pbf');
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const AREA = ['--around', '47.1410,9.5209,3', '--spacing', '0.3', '--quality', 'sd'];
if (!fs.existsSync(EXTRACT)) {
  console.log(`Skipped: ${EXTRACT} (recorded OSM data) is absent.`);
  process.exit(0);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-pregen-bench-'));
const baseEnv = { ...process.env, DATABASE_URL, DATA_DIR: dataDir, OSM_EXTRACT: EXTRACT, TERRAIN_TILES_URL: 'none', WORKERS: '1', LOG_LEVEL: 'warn', PVGIS_URL: 'http://127.0.0.1:9' };

const indexed = spawnSync(process.execPath, [MAIN, 'osm', 'index'], { env: baseEnv, encoding: 'utf8' });
if (indexed.status !== 0) throw new Error(`osm index failed: ${indexed.stderr}`);
console.log(indexed.stdout.trim());
const warm = spawnSync(process.execPath, [MAIN, 'generate', '--lat', '47.1410', '--lng', '9.5209', '--quality', 'sd', '--out', path.join(dataDir, 'warm.glb')], { env: baseEnv, encoding: 'utf8' });
if (warm.status !== 0) throw new Error(`warm-up failed: ${warm.stderr}`);
console.log(`warm-up: ${warm.stdout.trim()}`);

interface Result {
  workers: number;
  models: number;
  failed: number;
  queueSeconds: number;
  wallSeconds: number;
  perMinute: number;
  steadyPerMinute: number;
  /** Places handed to the queue per second by the command (first to last request). */
  queuedPerSecond: number;
}

const results: Result[] = [];
for (const workers of [1, 2]) results.push(await measure(workers));

const load = os.loadavg().map((n) => n.toFixed(1)).join(', ');
console.log(`\n${new Date().toISOString()} · ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), shared with other work · load average now ${load}\n`);
console.log('| worker processes | models | failed | command start → first request s | places queued per s | first request → last model s | models/min | steady models/min (first → last finished) |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) console.log(`| ${r.workers} | ${r.models} | ${r.failed} | ${r.queueSeconds.toFixed(1)} | ${r.queuedPerSecond.toFixed(0)} | ${r.wallSeconds.toFixed(1)} | ${r.perMinute.toFixed(1)} | ${r.steadyPerMinute.toFixed(1)} |`);
console.log(`\nscaling ratio (2 workers ÷ 1 worker, models/min): ${(results[1].perMinute / results[0].perMinute).toFixed(2)}; steady: ${(results[1].steadyPerMinute / results[0].steadyPerMinute).toFixed(2)}`);
fs.rmSync(dataDir, { recursive: true, force: true });

/** One configuration: fresh schema, workers started and idle, then the command run until it says done. */
async function measure(workers: number): Promise<Result> {
  const schema = `bench_pregen_${randomBytes(4).toString('hex')}`;
  const env = { ...baseEnv, DATABASE_SCHEMA: schema };
  const migrated = spawnSync(process.execPath, [MAIN, 'migrate'], { env, encoding: 'utf8' });
  if (migrated.status !== 0) throw new Error(`migrate failed: ${migrated.stderr}`);
  const children = await Promise.all(Array.from({ length: workers }, () => startWorker(env)));
  try {
    const started = Date.now();
    const command = spawnSync(process.execPath, [MAIN, 'pregenerate', ...AREA], { env, encoding: 'utf8', maxBuffer: 1 << 24 });
    if (command.status !== 0) throw new Error(`pregenerate failed: ${command.stderr}`);
    const lines = `${command.stdout}${command.stderr}`.trim().split('\n');
    console.log(`\n${workers} worker process(es), command output:\n  ${[...lines.slice(0, 4), '  …', ...lines.slice(-3)].join('\n  ')}`);
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select count(*) filter (where status = 'ready') as ready, count(*) filter (where status = 'failed') as failed,
                extract(epoch from max(completed_at) - min(requested_at)) as wall, extract(epoch from max(completed_at) - min(completed_at)) as steady,
                extract(epoch from min(requested_at)) as first_request, extract(epoch from max(requested_at) - min(requested_at)) as queueing
           from "${schema}".model_jobs`,
      );
      const row = rows[0];
      const models = Number(row.ready) + Number(row.failed);
      const queueSeconds = Number(row.first_request) - started / 1000;
      const wall = Number(row.wall);
      return { workers, models: Number(row.ready), failed: Number(row.failed), queueSeconds, wallSeconds: wall, perMinute: (models / wall) * 60, steadyPerMinute: ((models - 1) / Number(row.steady)) * 60, queuedPerSecond: (models - 1) / Number(row.queueing) };
    } finally {
      await client.query(`drop schema if exists "${schema}" cascade; drop schema if exists "${schema}_queue" cascade`);
      await client.end();
    }
  } finally {
    await Promise.all(children.map(stop));
  }
}

/** A `worker` process, once it has started its queue workers. */
async function startWorker(env: Record<string, string | undefined>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MAIN, 'worker'], { env: { ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('solar-partner started') && resolve());
    child.on('exit', (code) => reject(new Error(`worker exited with ${code}: ${output}`)));
  });
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}
