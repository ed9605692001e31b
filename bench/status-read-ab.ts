/**
 * Status-read throughput of two checkouts measured under the same load: both servers (each checkout's
 * bench/bench-servers.ts, embedded database, a ready model) run at once, and short autocannon runs
 * alternate between them (A B B A …), so load from other work on the machine hits both alike.
 *
 *   npx node bench/status-read-ab.ts <checkout A> <checkout B> [rounds, default 8] [seconds, default 3]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const [a, b, roundsArg = '8', secondsArg = '3'] = process.argv.slice(2);
if (!a || !b) {
  process.stderr.write('Usage: npx node bench/status-read-ab.ts <checkout A> <checkout B> [rounds] [seconds]\n');
  process.exit(2);
}
const ID = 'hd_43.7396_7.4276_0.3';

async function start(checkout: string): Promise<{ child: ChildProcess; port: number; key: string }> {
  const child = spawn(process.execPath, [path.join(checkout, 'bench/bench-servers.ts'), 'app', '1'], { cwd: checkout, stdio: ['ignore', 'pipe', 'inherit'] });
  let buffer = '';
  const info = await new Promise<{ port: number; keys: string[] }>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      buffer += chunk;
      if (buffer.includes('\n')) resolve(JSON.parse(buffer.slice(0, buffer.indexOf('\n'))));
    });
    child.on('exit', (code) => reject(new Error(`${checkout}: bench server exited with ${code}`)));
  });
  return { child, port: info.port, key: info.keys[0] };
}

const run = async (server: { port: number; key: string }, seconds: number) =>
  (await autocannon({ url: `http://127.0.0.1:${server.port}/api/v1/models/${ID}`, headers: { authorization: `Bearer ${server.key}` }, connections: 50, duration: seconds })).requests.average;

const servers = [await start(a), await start(b)];
try {
  for (const server of servers) await run(server, 2);
  const figures: [number[], number[]] = [[], []];
  for (let round = 0; round < Number(roundsArg); round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) figures[i].push(await run(servers[i], Number(secondsArg)));
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  console.log(`\n${new Date().toISOString().slice(0, 10)} · ${os.cpus().length} cores · Node ${process.version} · GET /api/v1/models/:id, 50 connections, ${secondsArg} s per run\n`);
  console.log('| checkout | req/s per run | median |');
  console.log('|---|---|---:|');
  [a, b].forEach((checkout, i) => console.log(`| ${checkout} | ${figures[i].map(Math.round).join(', ')} | ${Math.round(median(figures[i]))} |`));
  const ratios = figures[1].map((x, i) => x / figures[0][i]);
  console.log(`\nB/A per round: ${ratios.map((r) => r.toFixed(2)).join(', ')}; median ${median(ratios).toFixed(2)}`);
} finally {
  for (const server of servers) server.child.kill();
}
