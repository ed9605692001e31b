/**
 * Refreshes the README's pictures in docs/: builds the browser app, then runs the browser tests that
 * take them with SCREENSHOT_DIR pointing at docs/. A plain test run saves its screenshots in a
 * temporary folder instead, so it never changes tracked files. Pictures the tests take for their own
 * checks, which neither the README nor docs/ shows, are removed again (new, untracked files only). Look
 * at the pictures before committing.
 *
 *   npm run screenshots
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const TESTS = ['test/web/partner-browser.test.ts', 'test/web/viewer-browser.test.ts', 'test/web/wizard-browser.test.ts', 'test/web/roof-correction-browser.test.ts', 'test/web/find-house-browser.test.ts', 'test/web/insight-browser.test.ts', 'test/web/phone-browser.test.ts', 'test/web/accessibility-browser.test.ts'];

const run = (args: string[], env: NodeJS.ProcessEnv = process.env): void => {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run([path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts']);
run(['--test', '--test-concurrency=1', ...TESTS], { ...process.env, SCREENSHOT_DIR: path.join(root, 'docs') });
removeUnshown();
process.stdout.write(`Screenshots written to ${path.join(root, 'docs')}; check them with git diff --stat docs/ before committing.\n`);

/** Removes the new pictures in docs/ that no document links to. */
function removeUnshown(): void {
  const documents = ['README.md', ...fs.readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
  const text = documents.map((file) => fs.readFileSync(path.join(root, file), 'utf8')).join('\n');
  const untracked = execFileSync('git', ['ls-files', '--others', '--exclude-standard', 'docs'], { cwd: root, encoding: 'utf8' }).split('\n').filter((file) => file.endsWith('.png'));
  for (const file of untracked) {
    if (text.includes(path.basename(file))) continue;
    fs.rmSync(path.join(root, file));
    process.stdout.write(`Removed ${file}: a test's own picture, shown in no document.\n`);
  }
}
