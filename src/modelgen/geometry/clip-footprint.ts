import earcut from 'earcut';
import { clipRing } from './clip-ring.ts';
import type { Point2 } from './local-frame.ts';
import { cleanRing, pointInRing, signedArea } from './polygon.ts';

/** An outline with holes in the ground plane: outer ring counter-clockwise, holes clockwise. */
export interface OutlinePiece {
  outer: Point2[];
  inners: Point2[][];
}

/** A linear function over the ground plane; a clip keeps where it is ≤ 0. */
export type HalfPlane = (p: Point2) => number;

/** Points this close to a ring's neighbours' line are dropped from the pieces' rings, metres. */
const COLLINEAR_M = 1e-6;
/**
 * Rings thinner than this on average (twice the area over the perimeter) are left out, metres: where a
 * wall lies on a cut line to within rounding, the triangle beyond it leaves a sliver a few nanometres
 * wide, which would be a roof face of no area.
 */
const SLIVER_M = 1e-3;

/**
 * The parts of an outline where every half-plane's function is ≤ 0, as separate pieces with their own
 * holes. Clipping a ring on its own (Sutherland–Hodgman) is exact on a convex outline, but on an L, a U or
 * a courtyard a cut that splits the outline, runs along a wall or crosses a hole gives one ring joined by
 * zero-width bridges, which triangulates into roof over the gaps (Liechtenstein way/277803672, an L whose
 * ridge runs along its inner wall: 13 % more roof than outline). So such outlines are cut as triangles,
 * each convex and clipped exactly, and the pieces' outlines are put back together from the triangles'
 * edges that no neighbour shares. Each half-plane should keep a hair (1e-9) beyond its line, so that a
 * corner on the line is kept on both sides; courtyards touching the outer ring, which earcut cannot
 * triangulate either, are not cut right.
 */
export function clipOutline(outline: OutlinePiece, halfPlanes: HalfPlane[]): OutlinePiece[] {
  if (outline.inners.length === 0 && isConvex(outline.outer)) {
    let outer = outline.outer;
    for (const halfPlane of halfPlanes) if (outer.length >= 3) outer = clipRing(outer, halfPlane);
    return outer.length >= 3 ? [{ outer, inners: [] }] : [];
  }
  const pieces: Point2[][] = [];
  // Every triangle, however thin: one left out would leave its neighbours' edges unmatched.
  for (let triangle of triangles(outline, 0)) {
    for (const halfPlane of halfPlanes) if (triangle.length >= 3) triangle = clipRing(triangle, halfPlane);
    if (triangle.length >= 3 && signedArea(triangle) > 0) pieces.push(triangle);
  }
  return assemble(boundaryRings(pieces));
}

/** Whether a counter-clockwise ring is thinner on average than SLIVER_M. */
function isSliver(ring: Point2[]): boolean {
  let perimeter = 0;
  for (let i = 0; i < ring.length; i++) perimeter += Math.hypot(ring[(i + 1) % ring.length][0] - ring[i][0], ring[(i + 1) % ring.length][1] - ring[i][1]);
  return (2 * signedArea(ring)) / Math.max(perimeter, 1e-12) < SLIVER_M;
}

/** Whether a ring turns one way only (no inner corner). */
function isConvex(ring: Point2[]): boolean {
  let sign = 0;
  for (let i = 0; i < ring.length; i++) {
    const [a, b, c] = [ring[i], ring[(i + 1) % ring.length], ring[(i + 2) % ring.length]];
    const turn = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
    if (Math.abs(turn) < 1e-12) continue;
    if (sign !== 0 && Math.sign(turn) !== sign) return false;
    sign = Math.sign(turn);
  }
  return true;
}

/** The outline as counter-clockwise triangles (earcut), holes left open; those under `minArea` (m²) left out. */
export function triangles(outline: OutlinePiece, minArea = 1e-6): Point2[][] {
  const rings = [outline.outer, ...outline.inners.filter((ring) => ring.length >= 3)];
  const flat: number[] = [];
  const holeIndices: number[] = [];
  for (const [index, ring] of rings.entries()) {
    if (index > 0) holeIndices.push(flat.length / 2);
    for (const [x, y] of ring) flat.push(x, y);
  }
  const indices = earcut(flat, holeIndices, 2);
  const point = (i: number): Point2 => [flat[2 * i], flat[2 * i + 1]];
  const out: Point2[][] = [];
  for (let i = 0; i < indices.length; i += 3) {
    const triangle = [point(indices[i]), point(indices[i + 1]), point(indices[i + 2])];
    const area = signedArea(triangle);
    if (Math.abs(area) < minArea || area === 0) continue;
    out.push(area > 0 ? triangle : triangle.reverse());
  }
  return out;
}

const key = (p: Point2) => `${p[0]},${p[1]}`;

/**
 * The rings around the union of counter-clockwise pieces that meet edge to edge: the directed edges whose
 * reverse no other piece has, chained end to start. Where two rings touch at a corner the chain turns as
 * far left as it can, which keeps them apart.
 */
function boundaryRings(pieces: Point2[][]): Point2[][] {
  const edges = new Set<string>();
  for (const piece of pieces) for (let i = 0; i < piece.length; i++) edges.add(`${key(piece[i])}|${key(piece[(i + 1) % piece.length])}`);
  const outgoing = new Map<string, { from: Point2; to: Point2 }[]>();
  for (const piece of pieces) {
    for (let i = 0; i < piece.length; i++) {
      const [from, to] = [piece[i], piece[(i + 1) % piece.length]];
      if (key(from) === key(to) || edges.has(`${key(to)}|${key(from)}`)) continue;
      outgoing.set(key(from), [...(outgoing.get(key(from)) ?? []), { from, to }]);
    }
  }
  const rings: Point2[][] = [];
  for (const start of [...outgoing.values()].flat()) {
    if (!outgoing.get(key(start.from))?.includes(start)) continue;
    const ring: Point2[] = [];
    let edge: { from: Point2; to: Point2 } | undefined = start;
    while (edge) {
      const list: { from: Point2; to: Point2 }[] = outgoing.get(key(edge.from))!;
      list.splice(list.indexOf(edge), 1);
      ring.push(edge.from);
      edge = key(edge.to) === key(start.from) ? undefined : leftmost(edge, outgoing.get(key(edge.to)) ?? []);
    }
    for (const loop of simpleLoops(ring)) {
      const clean = cleanRing(loop, COLLINEAR_M);
      if (clean.length >= 3 && !isSliver(signedArea(clean) > 0 ? clean : [...clean].reverse())) rings.push(clean);
    }
  }
  return rings;
}

/** A ring that passes a corner twice (two pieces touching at a corner) as the loops between the visits. */
function simpleLoops(ring: Point2[]): Point2[][] {
  const loops: Point2[][] = [];
  const stack: Point2[] = [];
  const at = new Map<string, number>();
  for (const p of ring) {
    const seen = at.get(key(p));
    if (seen !== undefined) {
      const loop = stack.splice(seen);
      for (const q of loop) at.delete(key(q));
      loops.push(loop);
    }
    at.set(key(p), stack.length);
    stack.push(p);
  }
  if (stack.length) loops.push(stack);
  return loops;
}

/** Of the edges leaving where `edge` ends, the one turning furthest left. */
function leftmost(edge: { from: Point2; to: Point2 }, candidates: { from: Point2; to: Point2 }[]) {
  const heading = Math.atan2(edge.to[1] - edge.from[1], edge.to[0] - edge.from[0]);
  let best: { from: Point2; to: Point2 } | undefined;
  let bestTurn = -Infinity;
  for (const candidate of candidates) {
    const turn = Math.atan2(candidate.to[1] - candidate.from[1], candidate.to[0] - candidate.from[0]) - heading;
    const normalised = Math.atan2(Math.sin(turn), Math.cos(turn));
    if (normalised > bestTurn) [best, bestTurn] = [candidate, normalised];
  }
  return best;
}

/** Counter-clockwise rings as pieces, each clockwise ring a hole of the smallest piece around it. */
function assemble(rings: Point2[][]): OutlinePiece[] {
  const pieces = rings.filter((ring) => signedArea(ring) > 0).sort((a, b) => signedArea(a) - signedArea(b)).map((outer) => ({ outer, inners: [] as Point2[][] }));
  for (const hole of rings.filter((ring) => signedArea(ring) < 0)) {
    // A point just beside the hole's first edge, on the solid side (left of a clockwise hole's edge).
    const [a, b] = [hole[0], hole[1]];
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const beside: Point2 = [(a[0] + b[0]) / 2 - ((b[1] - a[1]) / length) * 1e-4, (a[1] + b[1]) / 2 + ((b[0] - a[0]) / length) * 1e-4];
    pieces.find((piece) => pointInRing(beside, piece.outer))?.inners.push(hole);
  }
  return pieces;
}
