/**
 * Refreshes the README's pictures in docs/: builds the browser app, then runs the browser tests that
 * take them with SCREENSHOT_DIR pointing at docs/. A plain test run saves its screenshots in a
 * temporary folder instead, so it never changes tracked files. Look at the pictures before committing.
 *
 *   npm run screenshots
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const TESTS = ['test/web/partner-browser.test.ts', 'test/web/viewer-browser.test.ts', 'test/web/wizard-browser.test.ts', 'test/web/find-house-browser.test.ts', 'test/web/insight-browser.test.ts'];

const run = (args: string[], env: NodeJS.ProcessEnv = process.env): void => {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run([path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts']);
run(['--test', '--test-concurrency=1', ...TESTS], { ...process.env, SCREENSHOT_DIR: path.join(root, 'docs') });
process.stdout.write(`Screenshots written to ${path.join(root, 'docs')}; check them with git diff --stat docs/ before committing.\n`);
