import { BoxGrid } from '../geometry/box-grid.ts';
import type { Point2 } from '../geometry/local-frame.ts';
import { bounds, closestOnSegment, convexOverlap, distanceToSegment, pointInRing } from '../geometry/polygon.ts';
import { streetKey } from './street-key.ts';
import type { NamedStreets, StreetLabel } from './street-labels.ts';

/** A number keeps this clear of a street name's letters, metres. */
const CLEAR_OF_NAMES_M = 0.3;
/** A number may touch a road's edge by this much (the kerb), metres. */
const ON_ROAD_M = 0.2;

/** The numbers placed so far, as a test that a new one's corners overlap none of them (two entrances of a block on one wall). */
export function numberLookup(): { clear: (corners: Point2[]) => boolean; add: (corners: Point2[]) => void } {
  const grid = new BoxGrid<Point2[]>();
  return {
    clear: (corners) => grid.near(bounds(corners)).every((other) => !convexOverlap(corners, other)),
    add: (corners) => grid.add(bounds(corners), corners),
  };
}

/**
 * A test of whether a number's corners keep clear of every street name's letters (its path, half its
 * letter height and a margin), through a grid of the names' boxes.
 */
export function nameLookup(names: StreetLabel[]): (corners: Point2[]) => boolean {
  const prepared = names.map((name) => {
    const points: Point2[] = [];
    for (let i = 0; i < name.path.length; i += 3) points.push([name.path[i], -name.path[i + 2]]);
    return { points, reach: name.size / 2 + CLEAR_OF_NAMES_M };
  });
  const grid = new BoxGrid<(typeof prepared)[number]>();
  for (const name of prepared) {
    const box = bounds(name.points);
    grid.add({ minX: box.minX - name.reach, minY: box.minY - name.reach, maxX: box.maxX + name.reach, maxY: box.maxY + name.reach }, name);
  }
  return (corners) =>
    grid.near(bounds(corners)).every(({ points, reach }) => points.slice(1).every((q, i) => corners.every((c) => distanceToSegment(c, points[i], q) > reach) && !pointInRing(points[i], corners)));
}

/** A road drawn as a strip: its centre line (local metres) and width. */
export interface RoadStrip {
  line: Point2[];
  width: number;
}

/** A test of whether a point lies on a drawn road (any road, named or not), through a grid of the strips' segments. */
export function roadLookup(roads: RoadStrip[]): (p: Point2) => boolean {
  const grid = new BoxGrid<{ a: Point2; b: Point2; half: number }>();
  for (const { line, width } of roads) {
    const half = width / 2 - ON_ROAD_M;
    for (let i = 1; i < line.length; i++) {
      const box = bounds([line[i - 1], line[i]]);
      grid.add({ minX: box.minX - half, minY: box.minY - half, maxX: box.maxX + half, maxY: box.maxY + half }, { a: line[i - 1], b: line[i], half });
    }
  }
  return (p) => grid.at(p[0], p[1]).some(({ a, b, half }) => distanceToSegment(p, a, b) < half);
}

/** A point of a street's centre line, and the street's width. */
export interface StreetPoint {
  point: Point2;
  width: number;
}

/**
 * The nearest point to `p`, within `reach` metres, of the centre lines of the street named `name` (spelt
 * alike: {@link streetKey}), else of any named street; through a grid of the streets' segments. Whether a
 * street of that name is drawn at all is the second answer: an address on a street the model does not
 * draw (a square mapped as an area, a typo) faces the nearest street instead.
 */
export function streetLookup(streets: NamedStreets): { nearest: (p: Point2, reach: number, name?: string) => StreetPoint | undefined; drawn: (name: string) => boolean } {
  const grid = new BoxGrid<{ key: string; width: number; a: Point2; b: Point2 }>();
  const keys = new Set<string>();
  for (const [name, { width, lines }] of streets) {
    const key = streetKey(name);
    keys.add(key);
    for (const line of lines) {
      for (let i = 1; i < line.length; i++) grid.add(bounds([line[i - 1], line[i]]), { key, width, a: line[i - 1], b: line[i] });
    }
  }
  const nearest = (p: Point2, reach: number, name?: string) => {
    const key = name === undefined ? undefined : streetKey(name);
    let best: (StreetPoint & { distance: number }) | undefined;
    for (const segment of grid.near({ minX: p[0] - reach, minY: p[1] - reach, maxX: p[0] + reach, maxY: p[1] + reach })) {
      if (key !== undefined && segment.key !== key) continue;
      const point = closestOnSegment(p, segment.a, segment.b);
      const distance = Math.hypot(point[0] - p[0], point[1] - p[1]);
      if (distance <= reach && (!best || distance < best.distance)) best = { point, width: segment.width, distance };
    }
    return best;
  };
  return { nearest, drawn: (name) => keys.has(streetKey(name)) };
}
