/**
 * Whether `POST /auth/forgot` reveals by its timing that an address has an account: the service runs as
 * `solar-partner serve` (embedded database, one account), and requests for the known address and for
 * unknown ones are sent in random order over loopback, one at a time. Several checkouts can be measured
 * in one run, e.g. this one against the session-start baseline:
 *
 *   npx node bench/forgot-timing.ts [checkout ...] [--requests N]
 *
 * Goal (issue 22): the known/unknown ratio of the median time within noise of 1.0 (it was 1.7–1.8).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../test/helpers/service-child.ts';

const { values, positionals } = parseArgs({ options: { requests: { type: 'string', default: '200' } }, allowPositionals: true });
const REQUESTS = Number(values.requests);
const checkouts = positionals.length > 0 ? positionals : [path.resolve(import.meta.dirname, '..')];
const KNOWN = 'known@example.com';


const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p90: at(0.9), mean: ms.reduce((s, x) => s + x, 0) / ms.length };
};

async function measure(checkout: string): Promise<{ known: number[]; unknown: number[] }> {
  const main = path.join(checkout, 'src/main.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-forgot-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', WORKERS: '0', LOG_LEVEL: 'silent', TRUST_PROXY: '1', PUBLIC_BASE_URL: base };
  const created = spawnSync(process.execPath, [main, 'accounts', 'create', '--email', KNOWN, '--plan', 'free'], { env, encoding: 'utf8', cwd: dataDir });
  if (created.status !== 0) throw new Error(`accounts create failed: ${created.stderr}`);
  const server = spawn(process.execPath, [main, 'serve'], { env, stdio: 'ignore', cwd: dataDir });
  try {
    for (let i = 0; ; i++) {
      if ((await fetch(`${base}/api/health`).catch(() => undefined))?.ok) break;
      if (i > 300) throw new Error(`${checkout} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const form = await fetch(`${base}/auth/forgot`);
    const cookie = form.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())![1];
    let client = 0;
    const post = async (email: string) => {
      // One client address per request, so the per-address limit of 10 an hour never answers instead.
      client++;
      const started = performance.now();
      const response = await fetch(`${base}/auth/forgot`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-forwarded-for': `10.${client >> 16 & 255}.${client >> 8 & 255}.${client & 255}` },
        body: new URLSearchParams({ _csrf: csrf, email }).toString(),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`POST /auth/forgot answered ${response.status}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 40; i++) await post(i % 2 ? KNOWN : `warm${i}@example.com`);
    const order = Array.from({ length: 2 * REQUESTS }, (_, i) => i % 2 === 0);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    const known: number[] = [];
    const unknown: number[] = [];
    for (const [i, isKnown] of order.entries()) {
      if (isKnown) known.push(await post(KNOWN));
      else unknown.push(await post(`nobody${i}@example.com`));
    }
    return { known, unknown };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`\n${new Date().toISOString().slice(0, 10)} · ${os.cpus().length} cores · ${os.cpus()[0]?.model ?? 'cpu'} · Node ${process.version} · ${REQUESTS} requests per kind, random order\n`);
console.log('| checkout | known median ms | unknown median ms | known p90 | unknown p90 | ratio of medians | ratio of means |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const checkout of checkouts) {
  const { known, unknown } = await measure(checkout);
  const k = stats(known);
  const u = stats(unknown);
  console.log(`| ${checkout} | ${k.median.toFixed(2)} | ${u.median.toFixed(2)} | ${k.p90.toFixed(2)} | ${u.p90.toFixed(2)} | ${(k.median / u.median).toFixed(2)} | ${(k.mean / u.mean).toFixed(2)} |`);
}
