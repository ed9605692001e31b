import { BoxGrid } from '../geometry/box-grid.ts';
import type { Point2 } from '../geometry/local-frame.ts';
import { bounds, closestOnSegment, convexOverlap, distanceToSegment, pointInRing, rayToRing } from '../geometry/polygon.ts';
import { streetKey } from './street-key.ts';
import type { NamedSquares, NamedStreets, StreetLabel } from './street-labels.ts';

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
 * alike: {@link streetKey}), else of any named street; through a grid of the streets' segments. A street
 * mapped only as an area (a square, a pedestrian street) is met in its middle across from `p`, with no
 * road width. Whether a street of that name is drawn at all is the second answer: an address on a street
 * the model does not have (a typo, a passage) faces the nearest street instead.
 */
export function streetLookup(streets: NamedStreets, squares: NamedSquares = new Map()): { nearest: (p: Point2, reach: number, name?: string) => StreetPoint | undefined; drawn: (name: string) => boolean } {
  const grid = new BoxGrid<{ key: string; width: number; a: Point2; b: Point2 }>();
  const keys = new Set<string>();
  for (const [name, { width, lines }] of streets) {
    const key = streetKey(name);
    keys.add(key);
    for (const line of lines) {
      for (let i = 1; i < line.length; i++) grid.add(bounds([line[i - 1], line[i]]), { key, width, a: line[i - 1], b: line[i] });
    }
  }
  const areas = new Map<string, Point2[][]>();
  for (const [name, outlines] of squares) {
    const key = streetKey(name);
    areas.set(key, [...(areas.get(key) ?? []), ...outlines]);
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
    if (best || key === undefined) return best;
    return acrossSquare(p, reach, areas.get(key) ?? []);
  };
  return { nearest, drawn: (name) => keys.has(streetKey(name)) || areas.has(streetKey(name)) };
}

/**
 * The middle of a square (or a pedestrian area) across from `p`: where the line from `p` through the
 * nearest point of its outline, within `reach`, enters it, halfway to where it leaves it again; for a `p`
 * inside the square, that nearest point of its outline.
 */
function acrossSquare(p: Point2, reach: number, outlines: Point2[][]): StreetPoint | undefined {
  let best: { edge: Point2; distance: number; outline: Point2[] } | undefined;
  for (const outline of outlines) {
    for (let i = 0; i < outline.length; i++) {
      const edge = closestOnSegment(p, outline[i], outline[(i + 1) % outline.length]);
      const distance = Math.hypot(edge[0] - p[0], edge[1] - p[1]);
      if (distance <= reach && distance > 1e-6 && (!best || distance < best.distance)) best = { edge, distance, outline };
    }
  }
  if (!best) return undefined;
  // A building standing in its square (a town hall on its market place): its number faces the square's
  // nearest edge, where the streets come in.
  if (pointInRing(p, best.outline)) return { point: best.edge, width: 0 };
  const direction: Point2 = [(best.edge[0] - p[0]) / best.distance, (best.edge[1] - p[1]) / best.distance];
  const entered: Point2 = [best.edge[0] + direction[0] * 0.01, best.edge[1] + direction[1] * 0.01];
  if (!pointInRing(entered, best.outline)) return undefined;
  const across = rayToRing(entered, direction, best.outline);
  if (!Number.isFinite(across)) return undefined;
  return { point: [entered[0] + (direction[0] * across) / 2, entered[1] + (direction[1] * across) / 2], width: 0 };
}
