import type { Object3D } from 'three';
import { sceneTriangles } from './scene-triangles.ts';
import type { ShadedSurface } from '../../../src/solar-design/index.ts';
import type { ShadingReply, ShadingRequest } from './shading.worker.ts';

/** The page's side of the shading worker: sends the model once, then panels, and reports progress. */
export class ShadingClient {
  readonly #worker: Worker;
  #nextId = 1;
  #sceneSent: Object3D | undefined;
  /** Time the last computation took inside the worker, ms. */
  lastMilliseconds = 0;

  constructor() {
    this.#worker = new Worker(new URL('./shading.worker.ts', import.meta.url), { type: 'module' });
  }

  /** Sends the model to the worker, which builds its ray-tracing index while the visitor picks a roof. */
  prepare(scene: Object3D): void {
    if (this.#sceneSent === scene) return;
    const { positions, index } = sceneTriangles(scene);
    this.#post({ type: 'scene', positions, index }, [positions.buffer, index.buffer]);
    this.#sceneSent = scene;
  }

  /** Forgets the model sent, so the next `prepare` sends it again (a roof was redrawn). */
  invalidate(): void {
    this.#sceneSent = undefined;
  }

  /**
   * Yearly shading loss (0–1) of each panel against everything in `scene`.
   *
   * @param onProgress - panels done and in all, as the worker goes
   */
  shade(scene: Object3D, site: { latitude: number; longitude: number }, panels: ShadedSurface[], onProgress?: (done: number, total: number) => void): Promise<number[]> {
    this.prepare(scene);
    const id = this.#nextId++;
    const plain = panels.map(({ centre, normal, across, up, width, height }) => ({ centre, normal, across, up, width, height }));
    return new Promise((resolve, reject) => {
      const listener = (event: MessageEvent<ShadingReply>) => {
        const reply = event.data;
        if (reply.id !== id) return;
        if (reply.type === 'progress') {
          onProgress?.(reply.done, reply.total);
          return;
        }
        this.#worker.removeEventListener('message', listener);
        if (reply.type === 'error') reject(new Error(reply.message));
        else {
          this.lastMilliseconds = reply.milliseconds;
          resolve(reply.losses);
        }
      };
      this.#worker.addEventListener('message', listener);
      this.#post({ type: 'shade', id, latitude: site.latitude, longitude: site.longitude, panels: plain });
    });
  }

  dispose(): void {
    this.#worker.terminate();
  }

  #post(message: ShadingRequest, transfer: Transferable[] = []): void {
    this.#worker.postMessage(message, transfer);
  }
}
