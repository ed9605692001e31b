/**
 * Throughput of the partner API against a bare Fastify route returning the same JSON, measured in one
 * run on this machine: autocannon on loopback, 50 connections, servers in child processes.
 *
 *   node bench/api-throughput.ts [seconds per case, default 10]
 *
 * Goals (issue: the partner API service): GET /api/v1/models/:id with a valid key ≥ 25 % of the bare
 * route's requests per second with p99 < 20 ms; POST /api/v1/models cache hits ≥ 10 %. POST is limited
 * to 10 per key per hour, so the cache-hit case rotates through enough keys that none is limited.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const seconds = Number(process.argv[2] ?? 10);
const CONNECTIONS = 50;
const SERVERS = path.join(import.meta.dirname, 'bench-servers.ts');

async function startServer(args: string[]): Promise<{ child: ChildProcess; info: { port: number; keys?: string[] } }> {
  const child = spawn(process.execPath, [SERVERS, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let buffer = '';
  const info = await new Promise<{ port: number; keys?: string[] }>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.indexOf('\n');
      if (line >= 0) resolve(JSON.parse(buffer.slice(0, line)));
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, info };
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function measure(name: string, options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections: CONNECTIONS, duration: seconds, ...options });
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
}

const bare = await startServer(['bare']);
// Each key is used for exactly its hourly quota of 10 requests, then the next key takes over: the
// steady state of many partners each using their quota (a key's first request finds it uncached).
const app = await startServer(['app', String(Math.ceil((seconds * 12_000) / 10))]);
const keys = app.info.keys!;
let next = 0;
const rows: Figures[] = [];
try {
  await measure('warm-up', { url: `http://127.0.0.1:${bare.info.port}/api/v1/models/hd_43.7396_7.4276_0.3`, duration: 2 });
  rows.push(await measure('bare Fastify route, same JSON', { url: `http://127.0.0.1:${bare.info.port}/api/v1/models/hd_43.7396_7.4276_0.3` }));
  await measure('warm-up', { url: `http://127.0.0.1:${app.info.port}/api/v1/models/hd_43.7396_7.4276_0.3`, headers: { authorization: `Bearer ${keys[0]}` }, duration: 2 });
  rows.push(await measure('GET /api/v1/models/:id (valid key)', { url: `http://127.0.0.1:${app.info.port}/api/v1/models/hd_43.7396_7.4276_0.3`, headers: { authorization: `Bearer ${keys[0]}` } }));
  rows.push(
    await measure('POST /api/v1/models (cache hit)', {
      url: `http://127.0.0.1:${app.info.port}`,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/models',
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, 'content-type': 'application/json', authorization: `Bearer ${keys[Math.floor(next++ / 10) % keys.length]}` },
            body: JSON.stringify({ latitude: 43.7396, longitude: 7.4276 }),
          }),
        },
      ],
    }),
  );
} finally {
  bare.child.kill();
  app.child.kill();
}

const base = rows[0].rps;
console.log(`\n${new Date().toISOString().slice(0, 10)} · ${os.cpus().length} cores · ${os.cpus()[0]?.model ?? 'cpu'} · Node ${process.version} · ${CONNECTIONS} connections · ${seconds} s per case\n`);
console.log('| case | req/s | p50 ms | p99 ms | non-2xx | ratio to bare |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(`| ${row.name} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${row.non2xx} | ${((row.rps / base) * 100).toFixed(1)} % |`);
