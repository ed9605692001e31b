import polylabel from 'polylabel';
import type { Point2 } from '../local-frame.ts';
import { CROSS_GABLED, type Footprint } from './roof-types.ts';

/**
 * What an outline says of its roof before any roof is built: its smallest bounding rectangle, whether it
 * is convex, and whether a shape on it needs the straight skeleton. Apart from the roof builders, so the
 * browser's roof correction form loads none of them until a roof is redrawn.
 */

/** Shapes drawn from the straight skeleton on any outline. */
const SKELETON_SHAPES = new Set(['mansard', 'side_hipped', 'zakomar']);

/**
 * Whether a roof of this shape on this footprint is drawn from the straight skeleton (its WebAssembly
 * module, which the generator loads at start and the browser when a roof correction needs it):
 * cross-gabled roofs, hipped and pyramidal roofs on outlines with inner corners or courtyards, and
 * mansard, side-hipped and zakomar roofs on any outline. (One apex only fits a convex outline; other
 * outlines get the skeleton, as OSM renderers do.)
 */
export function needsStraightSkeleton(footprint: Footprint, shape: string): boolean {
  if (SKELETON_SHAPES.has(shape) || shape === CROSS_GABLED) return true;
  return (shape === 'hipped' || shape === 'pyramidal') && (footprint.inners.length > 0 || !isConvex(footprint.outer));
}

/** Whether a counter-clockwise ring turns left at every corner. */
export function isConvex(ring: Point2[]): boolean {
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    const c = ring[(i + 2) % ring.length];
    if ((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]) < -1e-9) return false;
  }
  return true;
}

/**
 * Whether a gable is drawn round a block's courtyards (a ridge along every wing, build-roof.ts) rather than
 * across the whole outline: a gabled outline with courtyards whose ridge is not mapped across.
 */
export function roundsTheCourtyard(footprint: Footprint, tags: Record<string, string>, shape: string): boolean {
  return shape === 'gabled' && footprint.inners.length > 0 && !tags['roof:direction'] && tags['roof:orientation'] !== 'across';
}

/**
 * The width a roof of guessed height takes its height from (building-heights.ts): the span it is drawn
 * across. A roof drawn across the outline (a gable, a skillion, a hipped rectangle) spans the bounding
 * rectangle's width. One that rises from every wall (the straight skeleton: a hipped L, T or U, a block
 * round courtyards) spans its wings: twice the radius of the widest circle inside the outline (the
 * rectangle's width made the wings of a hipped L 50° steep beside a rectangle's 31°).
 */
export function roofSpan(footprint: Footprint, tags: Record<string, string>): number {
  const width = minimumBoundingRectangle(footprint.outer).width;
  const shape = (tags['roof:shape'] ?? '').toLowerCase();
  if (!needsStraightSkeleton(footprint, shape) && !roundsTheCourtyard(footprint, tags, shape)) return width;
  const pole = polylabel([footprint.outer, ...footprint.inners], INSCRIBED_PRECISION_M);
  return Number.isFinite(pole.distance) && pole.distance > 0 ? Math.min(width, 2 * pole.distance) : width;
}

/** The widest inscribed circle is found to this many metres. */
const INSCRIBED_PRECISION_M = 0.05;

/** The smallest rectangle around a ring: its long-side direction and its two side lengths. */
export function minimumBoundingRectangle(ring: Point2[]): { along: Point2; length: number; width: number } {
  let best = { area: Infinity, along: [1, 0] as Point2, length: 0, width: 0 };
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    const edge = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (edge < 1e-6) continue;
    const u: Point2 = [(b[0] - a[0]) / edge, (b[1] - a[1]) / edge];
    let minU = Infinity, maxU = -Infinity, minV = Infinity, maxV = -Infinity;
    for (const p of ring) {
      const pu = p[0] * u[0] + p[1] * u[1];
      const pv = -p[0] * u[1] + p[1] * u[0];
      minU = Math.min(minU, pu);
      maxU = Math.max(maxU, pu);
      minV = Math.min(minV, pv);
      maxV = Math.max(maxV, pv);
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < best.area) best = { area, along: u, length: maxU - minU, width: maxV - minV };
  }
  return best.length >= best.width
    ? { along: best.along, length: best.length, width: best.width }
    : { along: [-best.along[1], best.along[0]], length: best.width, width: best.length };
}
