/**
 * The real service in a child process, for tests and benches that kill it or run several: a free port,
 * and a start that waits until the service says it is ready (test/helpers/service-process.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { NODE_FLAGS } from './node-flags.ts';

const SERVICE = path.resolve(import.meta.dirname, 'service-process.ts');

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the service with these settings (over the environment's, logging warnings only) and waits until it listens. */
export async function startServiceChild(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...NODE_FLAGS, SERVICE], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('service ready') && resolve());
    child.on('exit', (code) => reject(new Error(`service exited with ${code}: ${output}`)));
  });
  return child;
}
