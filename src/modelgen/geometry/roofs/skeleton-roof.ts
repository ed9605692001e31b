import { clipRing } from '../clip-ring.ts';
import type { Point3 } from '../mesh-builder.ts';
import { CROSS_GABLED, type Footprint, type Roof, type RoofHeights, slopeOf } from './roof-types.ts';
import { gableEnds, gableWallTop, type SkeletonVertex } from './skeleton-gables.ts';

type Builder = typeof import('straight-skeleton').SkeletonBuilder;

/** Where a mansard's slope changes, as a share of the skeleton's depth, and how high that is. */
const MANSARD_BREAK = 0.3;
const MANSARD_LOWER = 0.7;
let builder: Builder | undefined;
let ready: Promise<void> | undefined;

/**
 * Loads the straight-skeleton WebAssembly module (CGAL) once. The package is built for browsers and
 * workers only; in Node it runs unchanged once it finds the two globals a worker has (its WebAssembly is
 * embedded, so nothing is fetched). The browser loads it as a chunk of its own, only when a visitor's
 * roof correction needs it (about 330 KB compressed).
 */
export function initSkeleton(): Promise<void> {
  ready ??= (async () => {
    if (typeof window === 'undefined') {
      const scope = globalThis as { self?: unknown; importScripts?: unknown };
      scope.self ??= globalThis;
      scope.importScripts ??= () => {};
    }
    const module = (await import('straight-skeleton')) as unknown as { SkeletonBuilder?: Builder; default?: { SkeletonBuilder: Builder } };
    const loaded = module.SkeletonBuilder ?? module.default!.SkeletonBuilder;
    await loaded.init();
    builder = loaded;
  })().catch((error: unknown) => {
    // A chunk that could not be fetched may be fetched on the next try.
    ready = undefined;
    throw error;
  });
  return ready;
}

/**
 * A hipped roof on any footprint, courtyards included: the faces of the footprint's straight skeleton
 * (CGAL), each rising from its wall at one pitch, scaled so the highest ridge reaches the roof height.
 * Mansard roofs use the same faces cut in two, a steep lower part and a gentle upper part. A cross-gabled
 * roof is the same skeleton with each wing's hipped end turned into a gable (a ridge per wing).
 *
 * @returns undefined when the skeleton cannot be built, or a cross-gabled roof has no wing end to gable
 *   (the caller draws another roof)
 */
export function skeletonRoof(footprint: Footprint, heights: RoofHeights, shape: string): Roof | undefined {
  const close = (ring: [number, number][]) => [...ring, ring[0]].map(([x, y]) => [x, y]);
  if (!builder) throw new Error('the straight skeleton module is not loaded (initSkeleton)');
  const skeleton = builder.buildFromPolygon([close(footprint.outer), ...footprint.inners.map(close)]);
  if (!skeleton || skeleton.polygons.length === 0) return undefined;
  const vertices = onOutline(skeleton.vertices.map((v) => [...v] as SkeletonVertex), footprint);
  const crossGabled = shape === CROSS_GABLED;
  const { polygons, gables } = crossGabled ? gableEnds(vertices, skeleton.polygons) : { polygons: skeleton.polygons, gables: [] };
  if (crossGabled && gables.length === 0) return undefined;
  const maxTime = Math.max(...polygons.flat().map((index) => vertices[index][2]));
  if (!(maxTime > 0)) return undefined;
  // A tagged pitch holds on every face: the rise follows the skeleton's depth, not the outline's width.
  const roofHeight = heights.pitch !== undefined && shape !== 'mansard' ? slopeOf(heights.pitch) * maxTime : heights.height - heights.wallTop;
  // A mansard rises steeply over the outer part of the skeleton (MANSARD_BREAK of its depth) to
  // MANSARD_LOWER of the roof height, then gently; every other skeleton roof has one pitch.
  const mansard = shape === 'mansard';
  const breakTime = maxTime * MANSARD_BREAK;
  const heightAt = (time: number) =>
    heights.wallTop +
    (!mansard
      ? (time / maxTime) * roofHeight
      : time <= breakTime
        ? (time / breakTime) * MANSARD_LOWER * roofHeight
        : MANSARD_LOWER * roofHeight + ((time - breakTime) / (maxTime - breakTime)) * (1 - MANSARD_LOWER) * roofHeight);
  const faces: { outer: Point3[]; holes: Point3[][] }[] = [];
  for (const polygon of polygons) {
    if (polygon.length < 3) continue;
    const points = polygon.map((index) => vertices[index]);
    // Each face is planar in (x, y, time), so cutting it at one time gives two planar parts.
    const parts = mansard ? [clipRing(points, (p) => p[2] - breakTime), clipRing(points, (p) => breakTime - p[2])] : [points];
    for (const part of parts) if (part.length >= 3) faces.push({ outer: part.map(([x, y, time]) => [x, y, heightAt(time)] as Point3), holes: [] });
  }
  if (faces.some((face) => face.outer.some((p) => !Number.isFinite(p[0]) || !Number.isFinite(p[1]) || !Number.isFinite(p[2])))) return undefined;
  return { shape, faces, ...gableWallTop(gables, heights.wallTop, heightAt) };
}

/** Whether the straight skeleton's module is loaded (the generator loads it at start, the browser when a correction needs it). */
export function skeletonLoaded(): boolean {
  return builder !== undefined;
}

/**
 * The skeleton's vertices with its outline corners put back where the outline has them: its coordinates
 * pass through 32-bit floats (about 0.03 mm off a few hundred metres from the model's centre), and the
 * walls and gable walls must meet the roof's edges exactly.
 */
function onOutline(vertices: SkeletonVertex[], footprint: Footprint): SkeletonVertex[] {
  const corners = [footprint.outer, ...footprint.inners].flat();
  for (const vertex of vertices) {
    if (vertex[2] !== 0) continue;
    let nearest = corners[0];
    for (const corner of corners) if (Math.hypot(corner[0] - vertex[0], corner[1] - vertex[1]) < Math.hypot(nearest[0] - vertex[0], nearest[1] - vertex[1])) nearest = corner;
    if (Math.hypot(nearest[0] - vertex[0], nearest[1] - vertex[1]) < 0.01) [vertex[0], vertex[1]] = nearest;
  }
  return vertices;
}
