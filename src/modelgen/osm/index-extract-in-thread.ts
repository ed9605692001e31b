import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { IndexSummary } from './build-extract-index.ts';
import { indexExtract } from './extract-index.ts';

/**
 * The memory the indexing thread may hold, megabytes. Its live data stays in the tens of megabytes
 * whatever the extract's size (see build-extract-index.ts); a small young generation makes V8 collect
 * the many short-lived objects early instead of growing the process to hundreds of megabytes.
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 6, maxOldGenerationSizeMb: 128 };

/** Extracts smaller than this are indexed in the calling thread: starting a thread costs more than they do. */
const IN_THREAD_BYTES = 1_000_000;

/**
 * Builds the index of an extract (indexExtract) in a worker thread with a bounded heap, so a large
 * extract can be indexed next to other work on a small machine; a small one (under 1 MB: a town, a
 * test's hand-made map) in the calling thread.
 *
 * @returns what the index holds, or undefined when it was there already
 * @throws Error with the indexer's message, or saying the memory bound was reached
 */
export function indexExtractInThread(extract: string, cacheDir: string, onProgress: (fraction: number, step: string) => void = () => {}): Promise<IndexSummary | undefined> {
  if (fs.existsSync(extract) && fs.statSync(extract).size < IN_THREAD_BYTES) {
    try {
      return Promise.resolve(indexExtract(extract, cacheDir, onProgress));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./index-thread.ts', import.meta.url), { workerData: { extract, cacheDir }, resourceLimits: THREAD_LIMITS });
    let summary: IndexSummary | undefined | null = null;
    let finished = false;
    worker.on('message', (message: { fraction: number; step: string } | { summary: IndexSummary | null }) => {
      if ('summary' in message) {
        finished = true;
        summary = message.summary ?? undefined;
      } else onProgress(message.fraction, message.step);
    });
    worker.on('error', (error: Error & { code?: string }) =>
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Error(`Indexing ${extract} needed more than ${THREAD_LIMITS.maxOldGenerationSizeMb} MB (an unusually large multipolygon?)`) : error),
    );
    worker.on('exit', (code) => (finished ? resolve(summary ?? undefined) : reject(new Error(`Indexing ${extract} stopped (exit code ${code})`))));
  });
}
