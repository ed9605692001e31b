/// <reference lib="webworker" />
import { ShadingEngine, skyDirections, yearlySunSamples, type ShadedSurface } from '../../../src/solar-design/index.ts';

/** Messages the page sends. */
export type ShadingRequest =
  | { type: 'scene'; positions: Float32Array; index: Uint32Array }
  | { type: 'shade'; id: number; latitude: number; longitude: number; panels: ShadedSurface[] };

/** Messages the worker answers with. */
export type ShadingReply =
  | { type: 'progress'; id: number; done: number; total: number }
  | { type: 'result'; id: number; losses: number[]; milliseconds: number }
  | { type: 'error'; id: number; message: string };

const CHUNK = 4;
let engine: ShadingEngine | undefined;

/** Shading runs here, off the page's thread, so the view keeps turning while it works. */
self.onmessage = (event: MessageEvent<ShadingRequest>) => {
  const message = event.data;
  if (message.type === 'scene') {
    engine = new ShadingEngine(message.positions, message.index);
    return;
  }
  const reply = (answer: ShadingReply) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(answer);
  try {
    if (!engine) throw new Error('The scene was not sent before the panels.');
    const start = performance.now();
    const sun = yearlySunSamples(message.latitude, message.longitude);
    const sky = skyDirections();
    const losses: number[] = [];
    for (let i = 0; i < message.panels.length; i += CHUNK) {
      for (const shading of engine.shade(message.panels.slice(i, i + CHUNK), sun, sky)) losses.push(shading.loss);
      reply({ type: 'progress', id: message.id, done: losses.length, total: message.panels.length });
    }
    reply({ type: 'result', id: message.id, losses, milliseconds: performance.now() - start });
  } catch (error) {
    reply({ type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) });
  }
};
