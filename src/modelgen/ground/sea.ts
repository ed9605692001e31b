import type { Point2 } from '../geometry/local-frame.ts';
import { distanceToSegment, pointInRing, signedArea } from '../geometry/polygon.ts';
import type { Polygon2 } from './area-pieces.ts';
import { GROUND_MARGIN_M } from '../terrain/terrain-mesh.ts';
import { clipLineToCircle } from './line-clip.ts';

/**
 * How far from the model's centre the sea is laid: to the edge of the drawn ground, which reaches past
 * the model's circle. Stopping at the circle left a ring of land around the sea at the model's rim.
 */
export function seaReach(radius: number): number {
  return radius + GROUND_MARGIN_M;
}

/** Points on a full circle when the sea follows the model's edge. */
export const ARC_STEPS = 256;

/**
 * The sea inside the model's circle, from the coastline: OSM draws coastline ways with the land on
 * their left. Coast ways are joined into chains; the parts inside the circle, walked backwards (sea
 * on the left), are linked along the circle's edge counter-clockwise into sea polygons; closed coasts
 * inside (islands) become holes. A chain that stops inside the circle (the data ends there) is carried
 * on straight to the edge. Without any coast crossing the circle, the circle is sea when it lies on
 * the sea side of the nearest coast, else land.
 */
export function seaPolygons(coasts: Point2[][], radius: number): Polygon2[] {
  const chains = joinChains(coasts);
  if (chains.length === 0) return [];
  const parts: Point2[][] = [];
  const islands: Point2[][] = [];
  const lakes: Point2[][] = [];
  for (const chain of chains) {
    const closed = same(chain[0], chain[chain.length - 1]);
    const outside = chain.findIndex(([x, y]) => x * x + y * y > radius * radius);
    if (closed && outside < 0) {
      const ring = chain.slice(0, -1);
      (signedArea(ring) > 0 ? islands : lakes).push(ring);
      continue;
    }
    const line = closed ? [...chain.slice(outside, -1), ...chain.slice(0, outside + 1)] : extendEnds(chain, radius);
    for (const part of clipLineToCircle(line, radius)) parts.push(part.reverse());
  }
  const seas = parts.length > 0 ? linkAlongEdge(parts, radius) : islands.length > 0 || seaAround(chains) ? [circle(radius)] : [];
  return [
    ...seas.map((outer) => ({ outer, holes: islands.filter((island) => pointInRing(island[0], outer)) })),
    ...lakes.map((outer) => ({ outer, holes: [] })),
  ];
}

/** Joins coast ways that share end points into chains (a closed chain repeats its first point). */
function joinChains(coasts: Point2[][]): Point2[][] {
  const pieces = coasts.filter((c) => c.length >= 2).map((c) => c.slice());
  const chains: Point2[][] = [];
  while (pieces.length > 0) {
    let chain = pieces.shift()!;
    for (let extended = true; extended && !same(chain[0], chain[chain.length - 1]); ) {
      extended = false;
      const after = pieces.findIndex((p) => same(p[0], chain[chain.length - 1]));
      if (after >= 0) {
        chain = chain.concat(pieces.splice(after, 1)[0].slice(1));
        extended = true;
        continue;
      }
      const before = pieces.findIndex((p) => same(p[p.length - 1], chain[0]));
      if (before >= 0) {
        chain = pieces.splice(before, 1)[0].concat(chain.slice(1));
        extended = true;
      }
    }
    chains.push(chain);
  }
  return chains;
}

/** Carries an open chain's ends that lie inside the circle straight on, well past its edge. */
function extendEnds(chain: Point2[], radius: number): Point2[] {
  const out = chain.slice();
  const carry = (from: Point2, towards: Point2): Point2 => {
    const dx = from[0] - towards[0], dy = from[1] - towards[1];
    const length = Math.hypot(dx, dy) || 1;
    return [from[0] + (dx / length) * 3 * radius, from[1] + (dy / length) * 3 * radius];
  };
  if (Math.hypot(...out[0]) <= radius && out.length >= 2) out.unshift(carry(out[0], out[1]));
  if (Math.hypot(...out[out.length - 1]) <= radius && out.length >= 2) out.push(carry(out[out.length - 1], out[out.length - 2]));
  return out;
}

/**
 * Links coast parts (sea on their left, each from the circle's edge to the edge) into closed rings:
 * from a part's end, the edge is followed counter-clockwise to the nearest part's start.
 */
function linkAlongEdge(parts: Point2[][], radius: number): Point2[][] {
  const angle = ([x, y]: Point2) => Math.atan2(y, x);
  const used = new Set<number>();
  const rings: Point2[][] = [];
  for (let first = 0; first < parts.length; first++) {
    if (used.has(first)) continue;
    used.add(first);
    const ring: Point2[] = [...parts[first]];
    let current = first;
    for (let guard = 0; guard <= parts.length; guard++) {
      const from = angle(parts[current][parts[current].length - 1]);
      let next = -1;
      let best = Infinity;
      parts.forEach((part, index) => {
        if (used.has(index) && index !== first) return;
        const turn = ccw(from, angle(part[0]));
        if (turn < best) [best, next] = [turn, index];
      });
      if (next < 0) break;
      for (let step = Math.ceil(((from + Math.PI) / (2 * Math.PI)) * ARC_STEPS); ; step++) {
        const a = (step * 2 * Math.PI) / ARC_STEPS - Math.PI;
        if (ccw(from, a) >= best) break;
        if (ccw(from, a) > 1e-9) ring.push([radius * Math.cos(a), radius * Math.sin(a)]);
      }
      if (next === first) break;
      used.add(next);
      ring.push(...parts[next]);
      current = next;
    }
    if (ring.length >= 3) rings.push(ring);
  }
  return rings;
}

/** The counter-clockwise turn from angle a to angle b, in [0, 2π). */
function ccw(a: number, b: number): number {
  const turn = (b - a) % (2 * Math.PI);
  return turn < 0 ? turn + 2 * Math.PI : turn;
}

/** Whether the origin lies on the sea side (the right) of the nearest coast segment. */
function seaAround(chains: Point2[][]): boolean {
  let best = Infinity;
  let side = 0;
  for (const chain of chains) {
    for (let i = 0; i + 1 < chain.length; i++) {
      const [a, b] = [chain[i], chain[i + 1]];
      const distance = distanceToSegment([0, 0], a, b);
      if (distance < best) {
        best = distance;
        side = (b[0] - a[0]) * (0 - a[1]) - (b[1] - a[1]) * (0 - a[0]);
      }
    }
  }
  return side < 0;
}

function circle(radius: number): Point2[] {
  return Array.from({ length: ARC_STEPS }, (_, k): Point2 => [radius * Math.cos((2 * Math.PI * k) / ARC_STEPS), radius * Math.sin((2 * Math.PI * k) / ARC_STEPS)]);
}

function same(a: Point2, b: Point2): boolean {
  return Math.abs(a[0] - b[0]) < 1e-6 && Math.abs(a[1] - b[1]) < 1e-6;
}
