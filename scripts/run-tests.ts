/**
 * Runs the test suite (`npm test`): every `test/**\/*.test.ts`, or the files given, two files at a time,
 * each in its own process on V8's baseline compiler (see docs/decisions.md), with the spec reporter.
 *
 * The browser test files start first, largest first. Each takes one to two minutes of Chromium drawing on
 * the CPU, against seconds for most other files; `node --test` starts files in name order, which left the
 * longest (`test/web/wizard-browser.test.ts`) running alone at the end while the other slot had nothing
 * left to do.
 *
 *   node scripts/run-tests.ts [test file…]
 */
import fs from 'node:fs';
import path from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';

/** Files run at the same time: one per core of the two-core machines the suite is sized for. */
const CONCURRENCY = 2;
const ROOT = path.resolve(import.meta.dirname, '..');

const files = process.argv.length > 2 ? process.argv.slice(2).map((file) => path.resolve(file)) : longestFirst(suiteFiles());
const stream = run({ files, concurrency: CONCURRENCY, execArgv: ['--liftoff-only'] });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
stream.compose(spec).pipe(process.stdout);

/** Every test file of the suite. */
function suiteFiles(): string[] {
  return fs.globSync('test/**/*.test.ts', { cwd: ROOT }).map((file) => path.join(ROOT, file));
}

/** Browser test files first (largest first: more cases, more to draw), then the rest in name order. */
function longestFirst(all: string[]): string[] {
  const isBrowser = (file: string) => file.endsWith('-browser.test.ts');
  const browser = all.filter(isBrowser).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
  return [...browser, ...all.filter((file) => !isBrowser(file)).sort()];
}
