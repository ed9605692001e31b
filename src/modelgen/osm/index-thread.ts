/**
 * Builds an extract's index inside a worker thread (see indexExtractInThread): progress goes to the
 * parent as messages, the summary as the last one.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { indexExtract } from './extract-index.ts';

const { extract, cacheDir } = workerData as { extract: string; cacheDir: string };
let last = 0;
const summary = indexExtract(extract, cacheDir, (fraction, step) => {
  // a message every percent (or step): the parent draws a progress bar from them
  if (fraction - last < 0.01 && fraction < 1 && !step.includes('(1 of')) return;
  last = fraction;
  parentPort!.postMessage({ fraction, step });
});
parentPort!.postMessage({ summary: summary ?? null });
