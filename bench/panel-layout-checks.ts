/**
 * What an installer checks of a panel layout, measured with geometry of its own (nothing of
 * src/solar-design is used to check its results): each panel inside its roof face, off the face's
 * openings and over the roof as drawn, at the setback from every edge, no two panels of a face overlapping, flush panels in the
 * face's plane facing its way, racks tilted toward the equator as reported, and no panel over PV already
 * on the roof; across buildings, no two panels over each other. Used by bench/panel-layouts.ts.
 */
import type { ExistingSolar, PlacedPanel, RoofSegment } from '../src/solar-design/index.ts';
import type { DrawnSurface } from './drawn-surface.ts';

type V3 = [number, number, number];
type P2 = [number, number];

/** How far a measurement may miss its rule: outlines are stored to 1 cm. */
const TOLERANCE_M = 0.02;
const DEG = 180 / Math.PI;
/** Faces this steep are seen from the side, not from above: the drawn-roof check leaves them out. */
const STEEP_DEG = 60;

export const LAYOUT_CHECKS = ['corner outside the face', 'corner over an opening', 'over no drawn roof', 'under another roof', 'closer to an edge than the setback', 'two panels overlapping', 'flush panel off its face', 'rack not as reported', 'over PV already there', 'non-finite'] as const;
export type LayoutCheck = (typeof LAYOUT_CHECKS)[number];

/** A face's own plane (Newell normal through the outline's mean), with 2D coordinates in it. */
class FacePlane {
  readonly normal: V3;
  readonly #centre: V3;
  readonly #e1: V3;
  readonly #e2: V3;

  constructor(segment: RoofSegment) {
    const outline = segment.outline as V3[];
    let normal = unit(newell(outline));
    if (dot(normal, segment.normal as V3) < 0) normal = scale(normal, -1);
    this.normal = normal;
    this.#centre = scale(outline.reduce((sum, p) => add(sum, p), [0, 0, 0] as V3), 1 / outline.length);
    this.#e1 = unit(cross(Math.abs(normal[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0], normal));
    this.#e2 = cross(normal, this.#e1);
  }

  height(point: V3): number {
    return dot(sub(point, this.#centre), this.normal);
  }

  toPlane(point: V3): P2 {
    const d = sub(point, this.#centre);
    return [dot(d, this.#e1), dot(d, this.#e2)];
  }
}

/** Side of the cells panels of different buildings are compared in, metres. */
const CELL_M = 5;

/**
 * Panels laid on one building's roof that overlap, seen from above, a panel of another building (two
 * parts mapped over each other, both laid out): an installer cannot mount both. Each such panel counted
 * once, with its building and index.
 */
export function crossBuildingOverlaps(buildings: { id: string; panels: PlacedPanel[] }[]): { building: string; panel: number }[] {
  const cells = new Map<string, { owner: number; top: P2[] }[]>();
  const found: { building: string; panel: number }[] = [];
  buildings.forEach(({ id, panels }, owner) => {
    panels.forEach((panel, i) => {
      const top = corners(panel).map(([x, , z]): P2 => [x, z]);
      const keys = cellKeys(top);
      const others = new Set(keys.flatMap((key) => cells.get(key) ?? []).filter((other) => other.owner !== owner));
      if ([...others].some((other) => overlapArea(top, other.top) > 0.01)) found.push({ building: id, panel: i });
      for (const key of keys) cells.set(key, [...(cells.get(key) ?? []), { owner, top }]);
    });
  });
  return found;
}

function cellKeys(points: P2[]): string[] {
  const [xs, zs] = [points.map((p) => p[0]), points.map((p) => p[1])];
  const keys: string[] = [];
  for (let i = Math.floor(Math.min(...xs) / CELL_M); i <= Math.floor(Math.max(...xs) / CELL_M); i++) {
    for (let j = Math.floor(Math.min(...zs) / CELL_M); j <= Math.floor(Math.max(...zs) / CELL_M); j++) keys.push(`${i},${j}`);
  }
  return keys;
}

/** The checks one face's panels fail, each with the panel's index among them. */
export function checkFace(segment: RoofSegment, panels: PlacedPanel[], existing: ExistingSolar[], drawn: DrawnSurface, options: { setback: number; rackTiltDeg: number; racksBelowDeg: number; latitude: number }): { check: LayoutCheck; panel: number }[] {
  const plane = new FacePlane(segment);
  const outline = segment.outline.map((p) => plane.toPlane(p as V3));
  const holes = (segment.holes ?? []).map((hole) => hole.map((p) => plane.toPlane(p as V3)));
  const edges = [outline, ...holes].flatMap(ringEdges);
  const pv = existing.flatMap((e) => e.outlines).map((o) => o.map(([x, , z]): P2 => [x, z]));
  const footprints = panels.map((panel) => corners(panel).map((c) => plane.toPlane(c)));
  const boxes = footprints.map((footprint) => [0, 1].flatMap((k) => [Math.min(...footprint.map((c) => c[k])), Math.max(...footprint.map((c) => c[k]))]));
  const boxesMeet = (i: number, j: number) => boxes[i][0] < boxes[j][1] && boxes[j][0] < boxes[i][1] && boxes[i][2] < boxes[j][3] && boxes[j][2] < boxes[i][3];
  const found: { check: LayoutCheck; panel: number }[] = [];
  panels.forEach((panel, i) => {
    const fail = (check: LayoutCheck) => found.push({ check, panel: i });
    const corners3 = corners(panel);
    if (!corners3.flat().every(Number.isFinite)) return fail('non-finite');
    const footprint = footprints[i];
    if (!footprint.every((c) => inside(c, outline) || edges.some(([a, b]) => pointSegment(c, a, b) < TOLERANCE_M))) fail('corner outside the face');
    if (footprint.some((c) => holes.some((hole) => inside(c, hole)))) fail('corner over an opening');
    // The roof as drawn, under the panel's middle and a point 10 cm in from each corner (a rack's top edge
    // stands up to a metre above the roof).
    const probes = [panel.centre as V3, ...corners3.map((c) => add(c, scale(sub(panel.centre as V3, c), 0.1)))];
    if (segment.pitch < STEEP_DEG && !probes.every((p) => drawn.under(p, 1.2))) fail('over no drawn roof');
    // A roof drawn over the panel's middle (over a rack's top edge, more than a metre up) is a building standing on this one.
    if (drawn.over(panel.centre as V3, 1.5)) fail('under another roof');
    if (edges.some(([a, b]) => footprint.some((c, k) => segmentDistance(c, footprint[(k + 1) % 4], a, b) < options.setback - TOLERANCE_M))) fail('closer to an edge than the setback');
    if (footprints.some((other, j) => j > i && boxesMeet(i, j) && overlapArea(footprint, other) > 0.01)) fail('two panels overlapping');
    if (segment.pitch >= options.racksBelowDeg ? !flushOnFace(panel, corners3, plane) : !rackAsReported(panel, options)) fail(segment.pitch >= options.racksBelowDeg ? 'flush panel off its face' : 'rack not as reported');
    const top: P2[] = corners3.map(([x, , z]) => [x, z]);
    if (pv.some((area) => overlapArea(top, area) > 0.01)) fail('over PV already there');
  });
  return found;
}

function flushOnFace(panel: PlacedPanel, corners3: V3[], plane: FacePlane): boolean {
  const lifted = corners3.every((c) => Math.abs(plane.height(c) - 0.1) < TOLERANCE_M);
  return lifted && dot(panel.normal as V3, plane.normal) > Math.cos(1 / DEG);
}

function rackAsReported(panel: PlacedPanel, options: { rackTiltDeg: number; latitude: number }): boolean {
  const normal = unit(panel.normal as V3);
  const tilt = Math.acos(normal[1]) * DEG;
  const facing = (Math.atan2(normal[0], -normal[2]) * DEG + 360) % 360;
  const expected = options.latitude >= 0 ? 180 : 0;
  return Math.abs(tilt - options.rackTiltDeg) < 0.5 && Math.abs(((facing - expected + 540) % 360) - 180) < 0.5 && panel.tiltDeg === options.rackTiltDeg && panel.azimuthDeg === expected;
}

function corners(panel: PlacedPanel): V3[] {
  const across = scale(panel.across as V3, panel.width / 2);
  const up = scale(panel.up as V3, panel.height / 2);
  const centre = panel.centre as V3;
  return [sub(sub(centre, across), up), sub(add(centre, across), up), add(add(centre, across), up), add(sub(centre, across), up)];
}

/** Area shared by a convex quadrilateral and any simple polygon (Sutherland–Hodgman against the quad). */
function overlapArea(quad: P2[], polygon: P2[]): number {
  const clip = signedArea(quad) > 0 ? quad : [...quad].reverse();
  let out = polygon;
  for (let i = 0; i < clip.length && out.length > 0; i++) {
    const [a, b] = [clip[i], clip[(i + 1) % clip.length]];
    const input = out;
    out = [];
    input.forEach((p, k) => {
      const q = input[(k + 1) % input.length];
      const [dp, dq] = [orient(a, b, p), orient(a, b, q)];
      if (dp >= 0) out.push(p);
      if (dp >= 0 !== dq >= 0) out.push([p[0] + (dp / (dp - dq)) * (q[0] - p[0]), p[1] + (dp / (dp - dq)) * (q[1] - p[1])]);
    });
  }
  return out.length >= 3 ? Math.abs(signedArea(out)) : 0;
}

function ringEdges(ring: P2[]): [P2, P2][] {
  return ring.map((p, i) => [p, ring[(i + 1) % ring.length]]);
}

function inside([x, y]: P2, ring: P2[]): boolean {
  let result = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    if (ring[i][1] > y !== ring[j][1] > y && x < ((ring[j][0] - ring[i][0]) * (y - ring[i][1])) / (ring[j][1] - ring[i][1]) + ring[i][0]) result = !result;
  }
  return result;
}

function pointSegment(p: P2, a: P2, b: P2): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const l2 = dx * dx + dy * dy;
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2)) : 0;
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** Distance between segments; 0 when they cross beyond rounding (collinear neighbours give ±1e-16). */
function segmentDistance(p1: P2, p2: P2, q1: P2, q2: P2): number {
  const [d1, d2, d3, d4] = [orient(q1, q2, p1), orient(q1, q2, p2), orient(p1, p2, q1), orient(p1, p2, q2)];
  const e = 1e-9;
  if (((d1 < -e && d2 > e) || (d1 > e && d2 < -e)) && ((d3 < -e && d4 > e) || (d3 > e && d4 < -e))) return 0;
  return Math.min(pointSegment(p1, q1, q2), pointSegment(p2, q1, q2), pointSegment(q1, p1, p2), pointSegment(q2, p1, p2));
}

function signedArea(ring: P2[]): number {
  return ring.reduce((sum, p, i) => sum + p[0] * ring[(i + 1) % ring.length][1] - ring[(i + 1) % ring.length][0] * p[1], 0) / 2;
}

function newell(ring: V3[]): V3 {
  const n: V3 = [0, 0, 0];
  ring.forEach((a, i) => {
    const b = ring[(i + 1) % ring.length];
    n[0] += (a[1] - b[1]) * (a[2] + b[2]);
    n[1] += (a[2] - b[2]) * (a[0] + b[0]);
    n[2] += (a[0] - b[0]) * (a[1] + b[1]);
  });
  return n;
}

const orient = (a: P2, b: P2, c: P2) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const add = (a: V3, b: V3): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const scale = (a: V3, s: number): V3 => [a[0] * s, a[1] * s, a[2] * s];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: V3): V3 => scale(a, 1 / (Math.hypot(...a) || 1));
