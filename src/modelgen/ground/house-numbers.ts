import type { Point2 } from '../geometry/local-frame.ts';
import { centroid, signedArea } from '../geometry/polygon.ts';
import type { TerrainSurface } from '../terrain/terrain-surface.ts';
import type { NamedStreets, StreetLabel } from './street-labels.ts';

/** A building's address as mapped on its outline (`addr:housenumber`, `addr:street`). */
export interface AddressedBuilding {
  /** Outer ring, local metres, counter-clockwise. */
  outer: Point2[];
  number: string;
  street?: string;
}

/** Height of the digits, metres. */
const SIZE_M = 1.6;
/** Mean advance of a digit or letter, in letter heights. */
const ADVANCE = 0.7;
/** The number lies this far out from the wall facing its street (less where the street is nearer), metres. */
const OFFSET_M = 1.6;
/** A building whose street runs farther away than this gets no number (the address is another street's, or a yard's), metres. */
const MAX_STREET_M = 60;
/** Numbers longer than this are not house numbers ("1-3;5" ranges drawn out, notes). */
const MAX_CHARS = 8;

/**
 * House numbers written on the ground in front of each numbered building, as a map writes them, so a
 * visitor finds their house: beside the wall that faces the building's own street (`addr:street`, else the
 * nearest named street), along it. The viewer draws them as it draws street names, from close by only.
 *
 * @param lift - height above the drawn ground, metres
 */
export function houseNumberLabels(buildings: AddressedBuilding[], streets: NamedStreets, surface: TerrainSurface, radius: number, lift: number): StreetLabel[] {
  const labels: StreetLabel[] = [];
  for (const building of buildings) {
    const number = building.number.trim();
    if (number === '' || number.length > MAX_CHARS || building.outer.length < 3) continue;
    const middle = centroid(building.outer);
    if (Math.hypot(...middle) > radius) continue;
    const lines = (building.street && streets.get(building.street.trim())?.lines) || [...streets.values()].flatMap((street) => street.lines);
    const street = nearestPoint(lines, middle);
    if (!street || street.distance > MAX_STREET_M) continue;
    const wall = wallFacing(building.outer, street.point);
    if (!wall) continue;
    const { a, b, length } = wall;
    const along: Point2 = [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
    // Outward of a counter-clockwise ring: to the right of its edges.
    const out: Point2 = [along[1], -along[0]];
    const mid: Point2 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const gap = Math.min(OFFSET_M, Math.max(0.5, distanceAlong(mid, out, street.point) / 2));
    const anchor: Point2 = [mid[0] + out[0] * gap, mid[1] + out[1] * gap];
    const half = ((number.length * ADVANCE + 0.4) * SIZE_M) / 2;
    const ends: Point2[] = [[anchor[0] - along[0] * half, anchor[1] - along[1] * half], [anchor[0] + along[0] * half, anchor[1] + along[1] * half]];
    labels.push({ name: number, size: SIZE_M, path: ends.flatMap(([x, y]) => [round(x, 1), round(surface.heightAt(x, y) + lift, 2), round(-y, 1)]) });
  }
  return labels;
}

/** The nearest point of any of the lines to `p`, and its distance. */
function nearestPoint(lines: Point2[][], p: Point2): { point: Point2; distance: number } | undefined {
  let best: { point: Point2; distance: number } | undefined;
  for (const line of lines) {
    for (let i = 1; i < line.length; i++) {
      const point = closestOnSegment(p, line[i - 1], line[i]);
      const distance = Math.hypot(point[0] - p[0], point[1] - p[1]);
      if (!best || distance < best.distance) best = { point, distance };
    }
  }
  return best;
}

function closestOnSegment(p: Point2, a: Point2, b: Point2): Point2 {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  return [a[0] + dx * t, a[1] + dy * t];
}

/**
 * The wall (an edge of the ring, at least 2 m long) whose outside faces `target` best: `target` in front of
 * it, as near as can be. Undefined for a ring with no such wall.
 */
function wallFacing(ring: Point2[], target: Point2): { a: Point2; b: Point2; length: number } | undefined {
  const ccw = signedArea(ring) >= 0 ? ring : [...ring].reverse();
  let best: { a: Point2; b: Point2; length: number; score: number } | undefined;
  for (let i = 0; i < ccw.length; i++) {
    const [a, b] = [ccw[i], ccw[(i + 1) % ccw.length]];
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length < 2) continue;
    const out: Point2 = [(b[1] - a[1]) / length, -(b[0] - a[0]) / length];
    const mid: Point2 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const ahead = distanceAlong(mid, out, target);
    if (ahead <= 0) continue;
    const score = Math.hypot(target[0] - mid[0], target[1] - mid[1]);
    if (!best || score < best.score) best = { a, b, length, score };
  }
  return best;
}

/** How far `target` lies in front of `from`, along the unit direction `out`. */
function distanceAlong(from: Point2, out: Point2, target: Point2): number {
  return (target[0] - from[0]) * out[0] + (target[1] - from[1]) * out[1];
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor || 0;
}
