import { clipOutline } from '../clip-footprint.ts';
import type { Point2 } from '../local-frame.ts';
import type { Point3 } from '../mesh-builder.ts';
import { type Footprint, type Roof, type RoofFace, type RoofHeights, slopeOf } from './roof-types.ts';

/** A plane over the ground: height = a·x + b·y + c. */
type Plane = [number, number, number];

const at = ([a, b, c]: Plane, [x, y]: Point2) => a * x + b * y + c;

/**
 * A roof that is the lowest of several planes at every point (its lower envelope): each plane's face is
 * the footprint clipped to where that plane is the lowest, and the walls rise to the envelope. Used for
 * half-hipped roofs: two sides meeting at the ridge, cut at both ends by hips that start halfway up.
 */
export function envelopeRoof(footprint: Footprint, planes: Plane[], shape: string): Roof {
  const faces: RoofFace[] = [];
  planes.forEach((plane, i) => {
    // Where this plane lies below every other one.
    const below = planes.filter((_, j) => j !== i).map((other) => (p: Point2) => at(plane, p) - at(other, p) - 1e-9);
    const lift = (p: Point2): Point3 => [p[0], p[1], at(plane, p)];
    for (const piece of clipOutline(footprint, below)) faces.push({ outer: piece.outer.map(lift), holes: piece.inners.map((ring) => ring.map(lift)) });
  });
  const lowest = (p: Point2) => Math.min(...planes.map((plane) => at(plane, p)));
  return {
    shape,
    faces,
    wallTopAt: lowest,
    wallBreaks: (a, b) => {
      const ts: number[] = [];
      for (let i = 0; i < planes.length; i++) {
        for (let j = i + 1; j < planes.length; j++) {
          const da = at(planes[i], a) - at(planes[j], a);
          const db = at(planes[i], b) - at(planes[j], b);
          if (da * db >= 0) continue;
          const t = da / (da - db);
          const p: Point2 = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
          if (Math.abs(at(planes[i], p) - lowest(p)) < 1e-6) ts.push(t);
        }
      }
      return ts.sort((x, y) => x - y).map((t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t] as Point2);
    },
  };
}

/** Where a half-hip starts on the gable end, as a share of the roof height. */
const HALF_HIP_START = 0.5;

/**
 * The planes of a half-hipped roof: two sides rising from the eaves to the ridge, and at each end of
 * the ridge a hip rising at the same pitch from halfway up the gable.
 */
export function halfHippedPlanes(footprint: Footprint, heights: RoofHeights, across: Point2): Plane[] {
  const along: Point2 = [across[1], -across[0]];
  const s = (p: Point2) => p[0] * across[0] + p[1] * across[1];
  const r = (p: Point2) => p[0] * along[0] + p[1] * along[1];
  const sValues = footprint.outer.map(s);
  const rValues = footprint.outer.map(r);
  const low = Math.min(...sValues);
  const high = Math.max(...sValues);
  const start = Math.min(...rValues);
  const end = Math.max(...rValues);
  const slope = heights.pitch !== undefined ? slopeOf(heights.pitch) : (2 * (heights.height - heights.wallTop)) / Math.max(high - low, 1e-6);
  const rise = (slope * (high - low)) / 2;
  const base = heights.wallTop;
  const hipBase = base + HALF_HIP_START * rise;
  return [
    [slope * across[0], slope * across[1], base - slope * low],
    [-slope * across[0], -slope * across[1], base + slope * high],
    [slope * along[0], slope * along[1], hipBase - slope * start],
    [-slope * along[0], -slope * along[1], hipBase + slope * end],
  ];
}

/**
 * The planes of a hipped roof on a convex outline: one per wall, rising inwards at one pitch (a tagged
 * one, or the pitch at which the highest point reaches the roof height). On a convex outline their
 * lower envelope is the straight skeleton's roof, without the skeleton.
 */
export function hippedPlanes(footprint: Footprint, heights: RoofHeights): Plane[] {
  const ring = footprint.outer;
  const planes = (slope: number, base: number): Plane[] =>
    ring.map((a, i) => {
      const b = ring[(i + 1) % ring.length];
      const length = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      // Inward normal of a counter-clockwise ring: the edge turned left.
      const n: Point2 = [-(b[1] - a[1]) / length, (b[0] - a[0]) / length];
      return [slope * n[0], slope * n[1], base - slope * (n[0] * a[0] + n[1] * a[1])];
    });
  if (heights.pitch !== undefined) return planes(slopeOf(heights.pitch), heights.wallTop);
  // Depth of the outline: the highest point of the unit-slope envelope (the largest inscribed circle).
  const unit = planes(1, 0);
  const depth = Math.max(...envelopeRoof(footprint, unit, 'hipped').faces.flatMap((face) => face.outer.map((p) => p[2])));
  return planes((heights.height - heights.wallTop) / Math.max(depth, 1e-6), heights.wallTop);
}
