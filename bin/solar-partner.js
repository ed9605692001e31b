#!/usr/bin/env node
// The published command: delegates to the TypeScript entry point, which Node 24 runs natively.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Commands that open the embedded database and end at once. V8's optimising compiler works on the
// embedded database's WebAssembly in the background, and a process waits for that work before it exits
// (about 2 s); such a short command never gains from it, so it runs on V8's baseline compiler alone.
// The service, the workers and the long commands keep V8's defaults.
const SHORT_DATABASE_COMMANDS = new Set(['accounts', 'keys', 'usage', 'migrate']);
const BASELINE_ONLY = '--liftoff-only';

if (SHORT_DATABASE_COMMANDS.has(process.argv[2]) && !process.execArgv.includes(BASELINE_ONLY)) {
  const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const run = spawnSync(process.execPath, [BASELINE_ONLY, ...process.execArgv, main, ...process.argv.slice(2)], { stdio: 'inherit' });
  if (run.error) throw run.error;
  process.exit(run.status ?? 1);
} else {
  await import('../src/main.ts');
}
