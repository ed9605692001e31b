import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { freePort } from '../helpers/service-child.ts';
import { NODE_FLAGS } from '../helpers/node-flags.ts';

const MAIN = path.resolve(import.meta.dirname, '../../src/main.ts');
/** The published command (package.json `bin`). */
const BIN = path.resolve(import.meta.dirname, '../../bin/solar-partner.js');


describe('solar-partner CLI', () => {
  let dataDir: string;
  before(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-cli-'));
  });
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  // Through the published command, as operators run it (it starts the database commands in a process of their own).
  const run = (args: string[], env: Record<string, string> = {}) => {
    const result = spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }, encoding: 'utf8', cwd: dataDir });
    return { code: result.status, out: result.stdout, err: result.stderr };
  };

  test('usage errors exit 2 and say what is wrong', () => {
    const unknown = run(['frobnicate']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /Unknown command "frobnicate"/);
    const badPlan = run(['accounts', 'create', '--email', 'a@example.com', '--plan', 'gold']);
    assert.equal(badPlan.code, 2);
    assert.match(badPlan.err, /--plan must be one of free, pro, business \(got "gold"\)/);
  });

  test('--help after a command prints its lines and runs nothing (migrate --help makes no database)', () => {
    const migrate = run(['migrate', '--help']);
    assert.equal(migrate.code, 0, migrate.err);
    assert.match(migrate.out, /^Usage: solar-partner migrate/);
    assert.match(migrate.out, /bring the database schema up to date/);
    assert.ok(!fs.existsSync(path.join(dataDir, 'db')), 'no database was made');
    const keys = run(['keys', 'create', '-h']);
    assert.equal(keys.code, 0);
    assert.match(keys.out, /keys revoke <key or prefix>/);
    assert.doesNotMatch(keys.out, /accounts create/, 'only the command asked about');
  });

  // A desktop MCP client, or a shell outside the project, starts the command with the machine's own node.
  const olderNode = ['/usr/bin/node', '/usr/local/bin/node'].find((file) => {
    const version = fs.existsSync(file) ? spawnSync(file, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
    return /^v\d+/.test(version) && Number(version.slice(1).split('.')[0]) < 24;
  });
  test('started by an older Node, the command runs on the project\'s own Node 24', { skip: olderNode ? false : 'no Node older than 24 on this machine (/usr/bin/node, /usr/local/bin/node)' }, () => {
    const started = spawnSync(olderNode!, [BIN, 'frobnicate'], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, encoding: 'utf8', cwd: os.tmpdir() });
    assert.equal(started.status, 2, started.stderr);
    assert.match(started.stderr, /Unknown command "frobnicate"/, 'the service\'s own answer, not a TypeScript loading error');
  });

  test('negative coordinates may follow their option with a space (places west of Greenwich)', () => {
    // --lat -91 is out of range: the message shows both values were read as values, not as options.
    const result = run(['generate', '--lat', '-91', '--lng', '-0.0984', '--out', 'x.glb']);
    assert.equal(result.code, 2);
    assert.match(result.err, /--lat must be a number between -90 and 90 \(got "-91"\)/);
    const west = run(['generate', '--lat', '51.5', '--lng', '-0.0984', '--radius', '-1', '--out', 'x.glb']);
    assert.match(west.err, /--radius must be between [\d.]+ and [\d.]+ km \(got "-1"\)/, 'the longitude passed, the radius is checked next');
  });

  test('bad settings stop the start with one line per problem', () => {
    const result = run(['migrate'], { PORT: 'abc', LOG_LEVEL: 'loud' });
    assert.equal(result.code, 1);
    assert.match(result.err, /PORT must be a whole number from 0 to 65535 \(got "abc"\)/);
    assert.match(result.err, /LOG_LEVEL must be one of/);
  });

  test('accounts, keys and usage', () => {
    assert.equal(run(['accounts', 'create', '--email', 'Partner@Example.com', '--plan', 'business']).code, 0);
    const duplicate = run(['accounts', 'create', '--email', 'partner@example.com', '--plan', 'pro']);
    assert.equal(duplicate.code, 1);
    assert.match(duplicate.err, /exists already/);
    const created = run(['keys', 'create', '--email', 'partner@example.com', '--name', 'website']);
    assert.equal(created.code, 0);
    const key = created.out.trim().split('\n').at(-1)!;
    assert.match(key, /^spk_[A-Za-z0-9_-]{43}$/, 'the key is the last line');
    const listed = run(['keys', 'list', '--email', 'partner@example.com']);
    assert.match(listed.out, new RegExp(`${key.slice(0, 12)}…  website  created \\S+  last used never  active`));
    assert.ok(!listed.out.includes(key), 'the whole key is never shown again');
    const usage = run(['usage', '--email', 'partner@example.com']);
    assert.equal(usage.code, 0);
    assert.match(usage.out, /Usage of partner@example.com \(business plan\)/);
    const revoked = run(['keys', 'revoke', key.slice(0, 12)]);
    assert.equal(revoked.code, 0);
    assert.match(revoked.out, /Revoked 1 key/);
    assert.match(run(['keys', 'list', '--email', 'partner@example.com']).out, /revoked \d{4}-/);
  });

  test('keys origins follows the portal’s rules: site addresses only, at most 20, saved as origins', () => {
    const created = run(['keys', 'create', '--email', 'partner@example.com', '--name', 'embed']);
    const prefix = created.out.trim().split('\n').at(-1)!.slice(0, 12);
    const bad = run(['keys', 'origins', prefix, '--origin', 'ftp://files.example']);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /--origin must be a site address starting with https:\/\/ or http:\/\/.*\(got "ftp:\/\/files\.example"\)/);
    const many = Array.from({ length: 21 }, (_, i) => ['--origin', `https://site${i}.example`]).flat();
    const tooMany = run(['keys', 'origins', prefix, ...many]);
    assert.equal(tooMany.code, 1);
    assert.match(tooMany.err, /At most 20 sites per key/);
    const saved = run(['keys', 'origins', prefix, '--origin', 'https://www.installer.example/contact', '--origin', 'https://www.installer.example']);
    assert.equal(saved.code, 0);
    assert.match(saved.out, /may be embedded on: https:\/\/www\.installer\.example$/m);
  });

  test('while the server holds the embedded database, operator commands run through its admin socket', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, [...NODE_FLAGS, MAIN, 'serve'], { env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', WORKERS: '0', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'], cwd: dataDir });
    try {
      await new Promise<void>((resolve, reject) => {
        server.stdout!.on('data', (chunk) => String(chunk).includes('solar-partner started') && resolve());
        server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
      });
      const socket = path.join(dataDir, 'run', 'admin.sock');
      assert.equal(fs.statSync(path.dirname(socket)).mode & 0o777, 0o700, 'only the service user may enter the socket folder');
      assert.equal(fs.statSync(socket).mode & 0o777, 0o600, 'only the service user may open the socket');

      assert.equal(run(['accounts', 'create', '--email', 'live@example.com', '--plan', 'pro']).code, 0);
      const upgraded = run(['accounts', 'set-plan', '--email', 'live@example.com', '--plan', 'business']);
      assert.equal(upgraded.code, 0, upgraded.err);
      assert.match(upgraded.out, /Account live@example.com is now on the business plan/);
      const created = run(['keys', 'create', '--email', 'live@example.com', '--name', 'site']);
      assert.equal(created.code, 0, created.err);
      const key = created.out.trim().split('\n').at(-1)!;
      assert.match(key, /^spk_[A-Za-z0-9_-]{43}$/);
      const answer = await fetch(`http://127.0.0.1:${port}/api/v1/models`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ latitude: 43.7396, longitude: 7.4276 }) });
      assert.ok(answer.ok, `the new key works at once on the running service (${answer.status})`);
      assert.match(run(['keys', 'list', '--email', 'live@example.com']).out, /site  created \S+  last used \S+  active/);
      assert.match(run(['usage', '--email', 'live@example.com']).out, /Usage of live@example.com \(business plan\)/);
      const missing = run(['keys', 'list', '--email', 'nobody@example.com']);
      assert.equal(missing.code, 1);
      assert.match(missing.err, /No account with the e-mail nobody@example.com/);
      const wrong = run(['keys', 'frobnicate']);
      assert.equal(wrong.code, 2);
      assert.match(wrong.err, /Use "keys create"/);

      fs.rmSync(socket);
      const refused = run(['keys', 'list', '--email', 'live@example.com']);
      assert.equal(refused.code, 1);
      assert.match(refused.err, /is in use by another solar-partner process \(pid \d+\)\. Stop that process first.*admin socket .*admin\.sock cannot be opened \(ENOENT\)/s, 'without the socket the command is refused, saying why');
    } finally {
      const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      assert.equal(await exited, 0, 'the server stops cleanly on SIGTERM');
    }
    assert.equal(run(['keys', 'list', '--email', 'live@example.com']).code, 0, 'after the server stopped the folder is free');
  });
});
