#!/usr/bin/env node
// The published command: delegates to the TypeScript entry point, which Node 24 runs natively.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

// Commands that open the embedded database and end at once. V8's optimising compiler works on the
// embedded database's WebAssembly in the background, and a process waits for that work before it exits
// (about 2 s); such a short command never gains from it, so it runs on V8's baseline compiler alone.
// The service, the workers and the long commands keep V8's defaults.
const SHORT_DATABASE_COMMANDS = new Set(['accounts', 'keys', 'usage', 'migrate']);
const BASELINE_ONLY = '--liftoff-only';

// The Node this project runs on (TypeScript run natively): the `node` package it installs. A client that
// starts the command with the machine's own, older `node` (a desktop MCP client's configuration, a
// shell outside the project) is served by that one instead.
const NODE_MAJOR = 24;
const OWN_NODE = fileURLToPath(new URL('../node_modules/node/bin/node', import.meta.url));
const tooOld = Number(process.versions.node.split('.')[0]) < NODE_MAJOR;

const baselineOnly = SHORT_DATABASE_COMMANDS.has(process.argv[2]) && !process.execArgv.includes(BASELINE_ONLY);
if (tooOld || baselineOnly) {
  if (tooOld && !fs.existsSync(OWN_NODE)) {
    process.stderr.write(`solar-partner needs Node ${NODE_MAJOR} or later (this is ${process.version}); run "npm install" in ${fileURLToPath(new URL('..', import.meta.url))} first\n`);
    process.exit(1);
  }
  const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const flags = baselineOnly ? [BASELINE_ONLY, ...process.execArgv] : process.execArgv;
  const run = spawnSync(tooOld ? OWN_NODE : process.execPath, [...flags, main, ...process.argv.slice(2)], { stdio: 'inherit' });
  if (run.error) throw run.error;
  process.exit(run.status ?? 1);
} else {
  await import('../src/main.ts');
}
