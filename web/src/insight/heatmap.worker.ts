/// <reference lib="webworker" />
import { ShadingEngine, skyDirections, yearlySunSamples } from '../../../src/solar-design/index.ts';
import { layCells, type HeatmapCells } from './heatmap-cells.ts';
import { IrradiationTracer, SiteClimate } from './heatmap-irradiation.ts';
import { cellOrder, type ViewPoint } from './heatmap-order.ts';

/**
 * What the page asks: first the scene, which triangles carry cells, the site and this worker's share
 * (the cells are laid, and sent by worker 0); then, maybe much later, to trace from the view.
 */
export type HeatmapRequest =
  | {
      type: 'scene';
      positions: Float32Array;
      index: Uint32Array;
      /** Per triangle, the index of its kind in CELL_KINDS, or NO_CELLS. */
      kinds: Uint8Array;
      latitude: number;
      longitude: number;
      /** This worker computes every `workers`-th chunk of the ordered cells, starting with chunk `worker`. */
      worker: number;
      workers: number;
    }
  | { type: 'trace'; view: ViewPoint };

/** What the worker answers. */
export type HeatmapReply =
  | { type: 'cells'; cells: HeatmapCells }
  | { type: 'values'; indexes: Uint32Array; monthly: Float32Array }
  | { type: 'done'; milliseconds: number }
  | { type: 'error'; message: string };

/** Cells per message: about 50 ms of tracing, so the heatmap fills in smoothly. */
const CHUNK = 48;
/** The heatmap samples the sun every hour of the 21st of each month, and 32 sky directions. */
const SUN_STEP_MINUTES = 60;
const SKY_DIRECTIONS = 32;

const scope = self as unknown as DedicatedWorkerGlobalScope;

/** The scene and its cells, between the page's two requests. */
let laid: { request: Extract<HeatmapRequest, { type: 'scene' }>; cells: HeatmapCells } | undefined;

/** The heatmap is traced here, off the page's thread, with the wizard's shading engine. */
scope.onmessage = (event: MessageEvent<HeatmapRequest>) => {
  try {
    const request = event.data;
    if (request.type === 'scene') {
      laid = { request, cells: layCells(request.positions, request.index, request.kinds) };
      if (request.worker === 0) scope.postMessage({ type: 'cells', cells: laid.cells } satisfies HeatmapReply);
    } else if (laid) {
      trace(laid.request, laid.cells, request.view);
    }
  } catch (error) {
    scope.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) } satisfies HeatmapReply);
  }
};

function trace(request: Extract<HeatmapRequest, { type: 'scene' }>, cells: HeatmapCells, view: ViewPoint): void {
  const start = performance.now();
  // Built after the cells are laid: building the ray-tracing index reorders the triangles of `index`
  // in place (three-mesh-bvh), after which they no longer line up with `kinds`.
  const engine = new ShadingEngine(request.positions, request.index);
  const tracer = new IrradiationTracer(engine, yearlySunSamples(request.latitude, request.longitude, SUN_STEP_MINUTES), skyDirections(SKY_DIRECTIONS), new SiteClimate(request.latitude, request.longitude));
  const order = cellOrder(cells, view);
  for (let chunk = request.worker; chunk * CHUNK < order.length; chunk += request.workers) {
    const indexes = order.slice(chunk * CHUNK, (chunk + 1) * CHUNK);
    const monthly = new Float32Array(indexes.length * 12);
    indexes.forEach((cell, k) => {
      const at = cell * 3;
      tracer.monthly([cells.centres[at], cells.centres[at + 1], cells.centres[at + 2]], [cells.normals[at], cells.normals[at + 1], cells.normals[at + 2]], monthly, k * 12);
    });
    scope.postMessage({ type: 'values', indexes, monthly } satisfies HeatmapReply, [indexes.buffer, monthly.buffer]);
  }
  scope.postMessage({ type: 'done', milliseconds: performance.now() - start } satisfies HeatmapReply);
}
