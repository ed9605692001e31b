/**
 * Runs the test suite (`npm test`): every `test/**\/*.test.ts` in name order, or only the files given,
 * two files at a time, each in its own process on V8's baseline compiler (see docs/decisions.md), with
 * the spec reporter. `node --test` with the suite's glob cannot run one file alone: the glob always
 * comes with it.
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

const files = process.argv.length > 2 ? process.argv.slice(2).map((file) => path.resolve(file)) : suiteFiles();
const stream = run({ files, concurrency: CONCURRENCY, execArgv: ['--liftoff-only'] });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
stream.compose(spec).pipe(process.stdout);

/** Every test file of the suite, in name order. */
function suiteFiles(): string[] {
  return fs.globSync('test/**/*.test.ts', { cwd: ROOT }).sort().map((file) => path.join(ROOT, file));
}
