import type { GLTF } from 'three/addons/loaders/GLTFLoader.js';
import type { ModelJob } from '../../../src/contract/models.ts';
import { requestModel, type ModelOrder } from './model-request.ts';
import { downloadModel, startDecoders } from './model-download.ts';

/** Marks the moment the service answered that the model is ready (read by bench/viewer-load-ab.ts). */
export const MODEL_READY_MARK = 'viewer:model-ready';
/** Marks the moment the GLB is downloaded and decoded, textures included (read by bench/viewer-load-ab.ts). */
export const MODEL_DECODED_MARK = 'viewer:glb-decoded';

/**
 * Passes values to a listener that may attach later; it then gets the last value first (the page's
 * loading card exists only after the page's language is loaded, while the model is already asked for).
 */
export class Relay<T> {
  #listener: ((value: T) => void) | undefined;
  #last: { value: T } | undefined;

  emit(value: T): void {
    this.#last = { value };
    this.#listener?.(value);
  }

  listen(listener: (value: T) => void): void {
    this.#listener = listener;
    if (this.#last) listener(this.#last.value);
  }
}

/** A model on its way: the job until it is ready, then the GLB downloaded and decoded. */
export interface ModelFetch {
  job: Promise<ModelJob & { modelUrl: string }>;
  gltf: Promise<GLTF>;
  /** The job's states while it is made. */
  progress: Relay<ModelJob>;
  /** The share of the GLB received (undefined while the size is unknown). */
  download: Relay<number | undefined>;
}

/**
 * Asks the service for a place's model and downloads it as soon as it is ready. Needs no view nor
 * language, so the page calls it first: the service answers and the GLB arrives while the page sets up
 * its view, its language and its tools.
 */
export function fetchModel(order: ModelOrder, signal: AbortSignal): ModelFetch {
  const progress = new Relay<ModelJob>();
  const download = new Relay<number | undefined>();
  const job = requestModel(order, { onProgress: (state) => progress.emit(state), signal }).then((ready) => {
    performance.mark(MODEL_READY_MARK);
    download.emit(undefined);
    return ready;
  });
  const gltf = job.then((ready) => downloadModel(ready.modelUrl, (fraction) => download.emit(fraction))).then((decoded) => {
    performance.mark(MODEL_DECODED_MARK);
    return decoded;
  });
  startDecoders();
  // Whoever awaits them handles their failures; until then they must not count as unhandled.
  job.catch(() => undefined);
  gltf.catch(() => undefined);
  return { job, gltf, progress, download };
}
