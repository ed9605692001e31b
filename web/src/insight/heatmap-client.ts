import type { Object3D } from 'three';
import type { HeatmapCells } from './heatmap-cells.ts';
import type { ViewPoint } from './heatmap-order.ts';
import { heatmapScene, type HeatmapScene } from './heatmap-scene.ts';
import type { HeatmapReply, HeatmapRequest } from './heatmap.worker.ts';

/** A model's heatmap as far as it is computed. */
export interface HeatmapResult {
  cells: HeatmapCells | undefined;
  /** 12 monthly irradiations (kWh/m²) a cell, NaN until computed. */
  monthly: Float32Array;
  computed: number;
  complete: boolean;
  /** From the start to the last cell, ms. */
  milliseconds: number;
  /** Why it stopped, when it failed. */
  error?: string;
}

type Listener = (result: HeatmapResult, indexes: Uint32Array | undefined) => void;

/** Most workers used: each builds its own ray-tracing index, so more than the cores would only cost memory. */
const MAX_WORKERS = 4;

/** Workers started for a model: its cells laid, waiting for the view to trace from. */
interface Started {
  content: Object3D;
  result: HeatmapResult;
  workers: Worker[];
  /** Resolves once the cells are laid (`result.cells`) or the workers failed (`result.error`). */
  laid: Promise<HeatmapResult>;
  /** When the tracing began (performance.now()), once asked for. */
  tracing?: number;
}

/**
 * Computes a model's heatmap in Web Workers (one per core but one), cell chunks shared round-robin, and
 * keeps it per model: toggling the heatmap off and on, or choosing another month, computes nothing again.
 * The scene can be read ahead ({@link readScene}) and the workers started ahead ({@link prepare}): they
 * lay the cells, then wait.
 */
export class HeatmapClient {
  readonly #results = new WeakMap<Object3D, HeatmapResult>();
  /** Scenes read ahead of their workers ({@link readScene}). */
  readonly #scenes = new WeakMap<Object3D, HeatmapScene>();
  readonly #listeners = new Set<Listener>();
  #started: Started | undefined;
  sceneMilliseconds = 0;

  /** Called with the result each time more of it is known (`indexes`: the cells just computed). */
  listen(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Starts the workers of `content`'s heatmap without tracing yet: they lay its cells. Resolves with the
   * result once they are laid (`cells`) or the workers failed (`error`); at once when it is known.
   */
  prepare(content: Object3D, site: { latitude: number; longitude: number }): Promise<HeatmapResult> {
    const known = this.#results.get(content);
    if (known) return Promise.resolve(known);
    if (this.#started?.content !== content) this.#start(content, site);
    return this.#started!.laid;
  }

  /** Reads the model's scene for its workers ahead (the longest step of their start on the page's thread). */
  readScene(content: Object3D): void {
    if (!this.#results.get(content) && !this.#scenes.has(content)) this.#scenes.set(content, this.#read(content));
  }

  /** The model's heatmap: the cached one, or one started now (computed from `view` outward). */
  heatmap(content: Object3D, site: { latitude: number; longitude: number }, view: ViewPoint): HeatmapResult {
    const known = this.#results.get(content);
    if (known) return known;
    if (this.#started?.content !== content) this.#start(content, site);
    const started = this.#started!;
    this.#results.set(content, started.result);
    started.tracing = performance.now();
    for (const worker of started.workers) worker.postMessage({ type: 'trace', view } satisfies HeatmapRequest);
    return started.result;
  }

  /** Stops any computation and forgets its partial result. */
  dispose(): void {
    const started = this.#started;
    if (started && !started.result.complete) this.#results.delete(started.content);
    this.#stop();
  }

  #start(content: Object3D, site: { latitude: number; longitude: number }): void {
    this.dispose();
    const result: HeatmapResult = { cells: undefined, monthly: new Float32Array(0), computed: 0, complete: false, milliseconds: 0 };
    const scene = this.#scenes.get(content) ?? this.#read(content);
    // The workers take its buffers: read again if this model's heatmap is ever started again.
    this.#scenes.delete(content);
    // One core is left to the page and WebGL: on two cores two workers finished later than one
    // (bench/RESULTS.md), the page's frames starved of CPU.
    const count = Math.max(1, Math.min(MAX_WORKERS, (navigator.hardwareConcurrency || 2) - 1));
    let laid: (result: HeatmapResult) => void = () => undefined;
    const started: Started = { content, result, workers: [], laid: new Promise((resolve) => (laid = resolve)) };
    this.#started = started;
    const pending: Extract<HeatmapReply, { type: 'values' }>[] = [];
    let done = 0;
    for (let worker = 0; worker < count; worker++) {
      const thread = new Worker(new URL('./heatmap.worker.ts', import.meta.url), { type: 'module' });
      thread.onmessage = (event: MessageEvent<HeatmapReply>) => {
        const reply = event.data;
        if (reply.type === 'cells') {
          result.cells = reply.cells;
          result.monthly = new Float32Array(reply.cells.count * 12).fill(Number.NaN);
          laid(result);
          this.#emit(result, undefined);
          for (const values of pending.splice(0)) this.#store(result, values);
        } else if (reply.type === 'values') {
          if (result.cells) this.#store(result, reply);
          else pending.push(reply);
        } else if (reply.type === 'done') {
          if (++done === count) {
            result.complete = true;
            result.milliseconds = performance.now() - (started.tracing ?? 0);
            this.#stop();
            this.#emit(result, undefined);
          }
        } else {
          this.#stop();
          this.#results.delete(content);
          result.error = reply.message;
          laid(result);
          this.#emit(result, undefined);
        }
      };
      started.workers.push(thread);
      const last = worker === count - 1;
      const request: HeatmapRequest = { type: 'scene', ...scene, ...site, worker, workers: count };
      // The last worker takes the scene's buffers; the others get copies.
      thread.postMessage(last ? request : { ...request, positions: scene.positions.slice(), index: scene.index.slice(), kinds: scene.kinds.slice() }, last ? [scene.positions.buffer, scene.index.buffer, scene.kinds.buffer] : []);
    }
  }

  #read(content: Object3D): HeatmapScene {
    const started = performance.now();
    const scene = heatmapScene(content);
    /** Main-thread time spent reading the scene for the workers, ms (the bench reports it). */
    this.sceneMilliseconds = performance.now() - started;
    return scene;
  }

  #store(result: HeatmapResult, values: { indexes: Uint32Array; monthly: Float32Array }): void {
    values.indexes.forEach((cell, k) => result.monthly.set(values.monthly.subarray(k * 12, k * 12 + 12), cell * 12));
    result.computed += values.indexes.length;
    this.#emit(result, values.indexes);
  }

  #emit(result: HeatmapResult, indexes: Uint32Array | undefined): void {
    for (const listener of this.#listeners) listener(result, indexes);
  }

  #stop(): void {
    for (const worker of this.#started?.workers ?? []) worker.terminate();
    this.#started = undefined;
  }
}
