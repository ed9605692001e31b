import type { Point3 } from '../mesh-builder.ts';
import type { Footprint, Roof, RoofHeights } from './roof-types.ts';

type Builder = typeof import('straight-skeleton').SkeletonBuilder;
let builder: Builder | undefined;
let ready: Promise<void> | undefined;

/**
 * Loads the straight-skeleton WebAssembly module (CGAL) once. The package is built for browsers and
 * workers only; in Node it runs unchanged once it finds the two globals a worker has (its WebAssembly is
 * embedded, so nothing is fetched).
 */
export function initSkeleton(): Promise<void> {
  ready ??= (async () => {
    const scope = globalThis as { self?: unknown; importScripts?: unknown };
    scope.self ??= globalThis;
    scope.importScripts ??= () => {};
    const module = (await import('straight-skeleton')) as unknown as { SkeletonBuilder?: Builder; default?: { SkeletonBuilder: Builder } };
    builder = module.SkeletonBuilder ?? module.default!.SkeletonBuilder;
    await builder.init();
  })();
  return ready;
}

/**
 * A hipped roof on any footprint, courtyards included: the faces of the footprint's straight skeleton
 * (CGAL), each rising from its wall at one pitch, scaled so the highest ridge reaches the roof height.
 * Also used for mansard roofs, whose two pitches are drawn as one.
 *
 * @returns undefined when the skeleton cannot be built (the caller falls back to a flat roof)
 */
export function skeletonRoof(footprint: Footprint, heights: RoofHeights, shape: string): Roof | undefined {
  const close = (ring: [number, number][]) => [...ring, ring[0]].map(([x, y]) => [x, y]);
  if (!builder) throw new Error('the straight skeleton module is not loaded (initSkeleton)');
  const skeleton = builder.buildFromPolygon([close(footprint.outer), ...footprint.inners.map(close)]);
  if (!skeleton || skeleton.polygons.length === 0) return undefined;
  const maxTime = Math.max(...skeleton.vertices.map((v) => v[2]));
  if (!(maxTime > 0)) return undefined;
  const scale = (heights.height - heights.wallTop) / maxTime;
  const lift = (index: number): Point3 => {
    const [x, y, time] = skeleton.vertices[index];
    return [x, y, heights.wallTop + time * scale];
  };
  const faces = skeleton.polygons.filter((polygon) => polygon.length >= 3).map((polygon) => ({ outer: polygon.map(lift), holes: [] }));
  if (faces.some((face) => face.outer.some((p) => !Number.isFinite(p[0]) || !Number.isFinite(p[1]) || !Number.isFinite(p[2])))) return undefined;
  return { shape, faces, wallTopAt: () => heights.wallTop, wallBreaks: () => [] };
}
