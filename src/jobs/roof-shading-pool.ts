import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { RoofShadingResult, SlimRoof } from './roof-shading-thread.ts';

export type { SlimPanel, SlimRoof } from './roof-shading-thread.ts';

/**
 * Worker threads that lay out and shade a model's roofs, off the request thread: the model is split
 * into as many parts as there are threads, each thread reading the GLB and tracing its part.
 */
export class RoofShadingPool {
  readonly #pool: Piscina;
  readonly #threads: number;

  /** @param threads - at most this many threads (default: two, or one on a single core) */
  constructor(threads = Math.min(2, os.availableParallelism())) {
    this.#threads = Math.max(1, threads);
    this.#pool = new Piscina({
      filename: fileURLToPath(new URL('./roof-shading-thread.ts', import.meta.url)),
      maxThreads: this.#threads,
      minThreads: 0,
      // Kept a few minutes after a request: a thread starting (its modules loading) costs about half a second.
      idleTimeout: 300_000,
    });
  }

  /** Every building's roof of a model, laid out and shaded; `traceBudget` surfaces traced in all. */
  async shade(glb: Uint8Array, site: { latitude: number; longitude: number }, traceBudget: number): Promise<{ asset: Record<string, unknown>; roofs: SlimRoof[] }> {
    const parts = this.#threads;
    const results: RoofShadingResult[] = await Promise.all(
      Array.from({ length: parts }, (_, part) => this.#pool.run({ glb, ...site, part, parts, traceBudget: Math.ceil(traceBudget / parts) })),
    );
    return { asset: results[0].asset, roofs: results.flatMap((result) => result.roofs) };
  }

  async close(): Promise<void> {
    await this.#pool.destroy();
  }
}
