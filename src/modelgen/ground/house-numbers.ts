import { BoxGrid } from '../geometry/box-grid.ts';
import type { Point2 } from '../geometry/local-frame.ts';
import { bounds, centroid, closestOnSegment, convexOverlap, distanceToSegment, pointInRing, signedArea } from '../geometry/polygon.ts';
import type { TerrainSurface } from '../terrain/terrain-surface.ts';
import { buildingCover, type CoverFootprint } from './building-cover.ts';
import { pathPoint, round, type NamedStreets, type StreetLabel } from './street-labels.ts';

/** A building's address: mapped on its outline (`addr:housenumber`, `addr:street`), or as a point in it. */
export interface AddressedBuilding {
  /** Outer ring, local metres, counter-clockwise. */
  outer: Point2[];
  number: string;
  street?: string;
  /** Where the address point lies (an entrance of a block): the number is written in front of it, not of the wall's middle. */
  at?: Point2;
}

/** Height of the digits, metres; smaller (down to MIN_SIZE_M) where the room before the street is narrow. */
const SIZE_M = 1.6;
const MIN_SIZE_M = 1;
/** Mean advance of a digit or letter, in letter heights. */
const ADVANCE = 0.7;
/** The number lies this far out from its wall, less where the road's edge is nearer, metres. */
const OFFSET_M = 1.6;
/** Less room than this between a wall and the road's edge is no place for a number, metres. */
const MIN_ROOM_M = 0.6;
/** A wall farther than this from its street faces a yard, not the street, metres. */
const MAX_STREET_M = 40;
/** A number keeps this clear of a street name's letters, metres. */
const CLEAR_OF_NAMES_M = 0.3;
/** Numbers longer than this are not house numbers ("1-3;5" ranges drawn out, notes). */
const MAX_CHARS = 8;
/** A street farther than this from a building's middle is not its front (a wall must be within MAX_STREET_M besides), metres. */
const STREET_SEARCH_M = 50;

/** What house numbers are placed among. */
export interface NumberSurroundings {
  streets: NamedStreets;
  /** Street names already placed: a number keeps clear of them. */
  names: StreetLabel[];
  /** Every drawn building: a number is never written inside one. */
  footprints: CoverFootprint[];
  surface: TerrainSurface;
  radius: number;
  /** Height above the drawn ground, metres. */
  lift: number;
}

/**
 * House numbers written on the ground in front of each numbered building, as a map writes them, so a
 * visitor finds their house: beside the wall that faces the building's own street (`addr:street`, else the
 * nearest named street), along it, between the wall and the road's edge; the next wall facing the street
 * where that place is inside another building (a party wall), on a street name, or too narrow. The viewer
 * draws them as it draws street names, from close by only.
 */
export function houseNumberLabels(buildings: AddressedBuilding[], around: NumberSurroundings): StreetLabel[] {
  const underBuilding = buildingCover(around.footprints);
  const inBuilding = ([x, y]: Point2) => underBuilding(x, y);
  const clearOfNames = nameLookup(around.names);
  const nearestStreet = streetLookup(around.streets);
  const clearOfNumbers = numberLookup();
  const labels: StreetLabel[] = [];
  for (const building of buildings) {
    const number = building.number.trim();
    if (number === '' || number.length > MAX_CHARS || building.outer.length < 3) continue;
    const from = building.at ?? centroid(building.outer);
    if (Math.hypot(...from) > around.radius) continue;
    const own = building.street?.trim();
    const street = nearestStreet(from, own && around.streets.has(own) ? own : undefined);
    if (!street) continue;
    const placed = wallsFacing(building.outer, street.point, building.at)
      .map((wall) => placeOnWall(number, wall, street, around, building.at))
      .find((label) => label && !outlineSamples(label.corners).some(inBuilding) && clearOfNames(label.corners) && clearOfNumbers.clear(label.corners));
    if (!placed) continue;
    labels.push(placed.label);
    clearOfNumbers.add(placed.corners);
  }
  return labels;
}

/**
 * The number written in front of a wall (of its middle, or of the address point `entrance` while the number fits
 * on the wall), with its four corners seen from above; undefined where there is no room.
 */
function placeOnWall(number: string, wall: Wall, street: StreetPoint, around: NumberSurroundings, entrance?: Point2): { label: StreetLabel; corners: Point2[] } | undefined {
  const { a, b, length } = wall;
  const along: Point2 = [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
  // Outward of a counter-clockwise ring: to the right of its edges.
  const out: Point2 = [along[1], -along[0]];
  const base = entrance ? wallPointNear(wall, along, entrance, (number.length * ADVANCE + 0.4) * SIZE_M) : ([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as Point2);
  const ahead = distanceAlong(base, out, street.point);
  const room = ahead - street.width / 2;
  if (ahead > MAX_STREET_M || room < MIN_ROOM_M) return undefined;
  const size = Math.min(SIZE_M, Math.max(MIN_SIZE_M, room * 0.8));
  const gap = Math.min(OFFSET_M, Math.max(size / 2, room / 2));
  const anchor: Point2 = [base[0] + out[0] * gap, base[1] + out[1] * gap];
  const half = ((number.length * ADVANCE + 0.4) * size) / 2;
  const at = (t: number, across = 0): Point2 => [anchor[0] + along[0] * half * t + out[0] * across, anchor[1] + along[1] * half * t + out[1] * across];
  const ground = (p: Point2) => around.surface.heightAt(p[0], p[1]);
  const path = [-1, 0, 1].map((t) => at(t)).flatMap((p) => pathPoint(p, ground(p) + around.lift));
  // The letters' tops are toward the wall (left of `along`): on a slope across it they lie on the slope, neither buried nor floating.
  const tilt = (ground(at(0, -size / 2)) - ground(at(0, size / 2))) / size;
  const label = { name: number, size: round(size, 1), path, ...(Math.abs(tilt) >= 0.01 ? { tilt: round(tilt, 3) } : {}) };
  return { label, corners: [at(-1, -size / 2), at(1, -size / 2), at(1, size / 2), at(-1, size / 2)] };
}

/**
 * Points around a number's outline and along its middle, every half metre: a building's corner poking into
 * the number (at a notch of an outline) reaches one of them where it would miss the four corners.
 */
function outlineSamples(corners: Point2[]): Point2[] {
  const samples: Point2[] = [];
  const middle: Point2[] = [0, 1].map((i): Point2 => [(corners[i][0] + corners[3 - i][0]) / 2, (corners[i][1] + corners[3 - i][1]) / 2]);
  for (const [a, b] of [...corners.map((c, i) => [c, corners[(i + 1) % 4]]), middle]) {
    const steps = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 0.5));
    for (let k = 0; k < steps; k++) samples.push([a[0] + ((b[0] - a[0]) * k) / steps, a[1] + ((b[1] - a[1]) * k) / steps]);
  }
  return samples;
}

/** The point of a wall nearest to `p`, kept far enough from the wall's ends for a number `width` long to fit on it. */
function wallPointNear({ a, length }: Wall, along: Point2, p: Point2, width: number): Point2 {
  const margin = Math.min(width / 2, length / 2);
  const t = Math.min(length - margin, Math.max(margin, (p[0] - a[0]) * along[0] + (p[1] - a[1]) * along[1]));
  return [a[0] + along[0] * t, a[1] + along[1] * t];
}

/** The numbers placed so far, as a test that a new one's corners overlap none of them (two entrances of a block on one wall). */
function numberLookup(): { clear: (corners: Point2[]) => boolean; add: (corners: Point2[]) => void } {
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
function nameLookup(names: StreetLabel[]): (corners: Point2[]) => boolean {
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

/** A point of a street's centre line, and the street's width. */
interface StreetPoint {
  point: Point2;
  width: number;
}

/**
 * The nearest point to `p` of the centre lines of the street named `name` (of any street without one),
 * among the segments filed near it (a street farther away is no house's front), through a grid of the
 * streets' segments.
 */
function streetLookup(streets: NamedStreets): (p: Point2, name?: string) => StreetPoint | undefined {
  const grid = new BoxGrid<{ name: string; width: number; a: Point2; b: Point2 }>();
  for (const [name, { width, lines }] of streets) {
    for (const line of lines) {
      for (let i = 1; i < line.length; i++) grid.add(bounds([line[i - 1], line[i]]), { name, width, a: line[i - 1], b: line[i] });
    }
  }
  return (p, name) => {
    let best: (StreetPoint & { distance: number }) | undefined;
    for (const segment of grid.near({ minX: p[0] - STREET_SEARCH_M, minY: p[1] - STREET_SEARCH_M, maxX: p[0] + STREET_SEARCH_M, maxY: p[1] + STREET_SEARCH_M })) {
      if (name !== undefined && segment.name !== name) continue;
      const point = closestOnSegment(p, segment.a, segment.b);
      const distance = Math.hypot(point[0] - p[0], point[1] - p[1]);
      if (!best || distance < best.distance) best = { point, width: segment.width, distance };
    }
    return best;
  };
}

/** A wall of a building: an edge of its counter-clockwise outer ring. */
interface Wall {
  a: Point2;
  b: Point2;
  length: number;
}

/**
 * The walls (edges at least 2 m long) whose outside faces `target`, the nearest first: nearest to the
 * address point `at` where there is one (the wall with the entrance), else by their middles to `target`.
 */
function wallsFacing(ring: Point2[], target: Point2, at?: Point2): Wall[] {
  const ccw = signedArea(ring) >= 0 ? ring : [...ring].reverse();
  const walls: (Wall & { distance: number })[] = [];
  for (let i = 0; i < ccw.length; i++) {
    const [a, b] = [ccw[i], ccw[(i + 1) % ccw.length]];
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length < 2) continue;
    const out: Point2 = [(b[1] - a[1]) / length, -(b[0] - a[0]) / length];
    const mid: Point2 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    if (distanceAlong(mid, out, target) <= 0) continue;
    walls.push({ a, b, length, distance: at ? distanceToSegment(at, a, b) : Math.hypot(target[0] - mid[0], target[1] - mid[1]) });
  }
  return walls.sort((x, y) => x.distance - y.distance);
}

/** How far `target` lies in front of `from`, along the unit direction `out`. */
function distanceAlong(from: Point2, out: Point2, target: Point2): number {
  return (target[0] - from[0]) * out[0] + (target[1] - from[1]) * out[1];
}
