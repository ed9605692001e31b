import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { UsageError } from '../../src/cli/command.ts';
import { pregenerateCommand, readPlan } from '../../src/cli/pregenerate-command.ts';
import { runCommand } from '../../src/cli/run-command.ts';
import { loadConfig } from '../../src/config.ts';
import { KM_PER_DEGREE } from '../../src/domain/pregeneration-area.ts';
import { NODE_FLAGS } from '../helpers/node-flags.ts';

const MAIN = path.resolve(import.meta.dirname, '../../src/main.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-pregen-cli-'));
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs `solar-partner pregenerate …`; a wrong call ends before the database is opened. */
function pregenerate(...args: string[]) {
  const result = spawnSync(process.execPath, [...NODE_FLAGS, MAIN, 'pregenerate', ...args], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, encoding: 'utf8', cwd: dataDir });
  return { code: result.status, err: result.stderr };
}

test('pregenerate options: one area, a spacing and a quality, each checked with what is allowed', () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{}, /Give the area with exactly one of --bbox W,S,E,N \(degrees\) or --around LAT,LNG,KM \(a square KM km on each side\)/],
    [{ bbox: '9.5,47.1,9.6,47.2', around: '47.14,9.52,3' }, /exactly one of --bbox/],
    [{ bbox: '9.6,47.1,9.5,47.2' }, /--bbox west \(9\.6\) must be less than east \(9\.5\)/],
    [{ around: '47.14,9.52' }, /--around must be LAT,LNG,KM: a square KM km on each side centred on the point/],
    [{ around: '47.14,9.52,3', spacing: 'near' }, /--spacing must be a number of km from 0\.1 to 10 \(got "near"\)/],
    [{ around: '47.14,9.52,3', quality: 'uhd' }, /--quality must be sd or hd \(got "uhd"\)/],
  ];
  for (const [values, message] of cases) assert.throws(() => readPlan(values), (error: Error) => error instanceof UsageError && message.test(error.message), JSON.stringify(values));
  const plan = readPlan({ around: '47.1410,9.5209,3', spacing: '0.3' });
  assert.deepEqual([plan.spacingKm, plan.quality], [0.3, 'sd'], 'SD by default: what the viewer shows visitors without Pro');
  assert.ok(Math.abs((plan.box.north - plan.box.south) * KM_PER_DEGREE - 3) < 1e-9, 'a square 3 km on each side');
});

test('a wrong call ends with exit code 2 before the database is opened; negative coordinates need no quoting', async () => {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const run = (...args: string[]) => runCommand(pregenerateCommand, config, args, () => {});
  const southWest = await run('--around', '-33.9,-18.4,2', '--spacing', '50');
  assert.equal(southWest.code, 2);
  assert.match(southWest.error!, /--spacing must be a number of km from 0\.1 to 10 \(got "50"\)/, 'the negative coordinates were read as the value of --around');
  assert.match(southWest.error!, /Run "solar-partner help" for the commands/);
  const extra = await run('--around', '47.14,9.52,3', 'extra');
  assert.equal(extra.code, 2);
  assert.match(extra.error!, /pregenerate takes no arguments besides its options \(got "extra"\)/);
  // The published command knows it, and says the same.
  const spawned = pregenerate();
  assert.equal(spawned.code, 2);
  assert.match(spawned.err, /Give the area with exactly one of --bbox W,S,E,N/);
  assert.deepEqual(fs.readdirSync(dataDir), [], 'no database was opened');
});
