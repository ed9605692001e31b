import type { Point2 } from '../geometry/local-frame.ts';
import { centroid, distanceToSegment, signedArea } from '../geometry/polygon.ts';
import type { TerrainSurface } from '../terrain/terrain-surface.ts';
import type { HouseAddress } from './building-addresses.ts';
import { buildingCover, type CoverFootprint } from './building-cover.ts';
import { nameLookup, numberLookup, roadLookup, streetLookup, type RoadStrip, type StreetPoint } from './number-lookups.ts';
import { pathPoint, round, type NamedSquares, type NamedStreets, type StreetLabel } from './street-labels.ts';

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
/** Height of the digits written upright on a wall where there is no room before it, metres. */
const FACADE_SIZE_M = 1.2;
/** Their middle stands this high over the highest ground along them (under a one-storey house's eaves), metres. */
const FACADE_MIDDLE_M = 2.2;
/** Out from the wall's face, past the rounding of the path's points to 0.1 m, metres. */
const FACADE_OUT_M = 0.15;
/** The ground this far out from a wall, along the number, and on out to the road's edge, must be free of other buildings (no number on a party wall, nor facing a neighbour's wall across a gap), metres. */
const FACADE_FREE_M = 0.5;
/** Numbers longer than this are not house numbers ("1-3;5" ranges drawn out, notes). */
const MAX_CHARS = 8;
/** A street farther than this from an address point, or from a building's walls, is not its front (a wall must be within MAX_STREET_M besides), metres. */
const STREET_SEARCH_M = 50;

/** What house numbers are placed among. */
export interface NumberSurroundings {
  streets: NamedStreets;
  /** Squares and pedestrian streets mapped as areas: the streets of the addresses around them. */
  squares: NamedSquares;
  /** The drawn roads, named or not: a number is never written on one. */
  roads: RoadStrip[];
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
 * visitor finds their house: beside the wall that faces the address's own street (`addr:street`, else the
 * nearest named street), along it, between the wall and the road's edge; the next wall facing the street
 * where that place is inside another building (a party wall), on a road or a street name, over another
 * number, or too narrow; upright on the wall where none of them has room before it (a house on its
 * street); the address's next place (building-addresses.ts) where none of its walls will do.
 * The viewer draws them as it draws street names, from close by only.
 */
export function houseNumberLabels(addresses: HouseAddress[], around: NumberSurroundings): StreetLabel[] {
  const underBuilding = buildingCover(around.footprints);
  const onRoad = roadLookup(around.roads);
  const free = (p: Point2) => !underBuilding(p[0], p[1]) && !onRoad(p);
  const clearOfNames = nameLookup(around.names);
  const streets = streetLookup(around.streets, around.squares);
  const clearOfNumbers = numberLookup();
  const labels: StreetLabel[] = [];
  for (const address of addresses) {
    const number = address.number.trim();
    if (number === '' || number.length > MAX_CHARS) continue;
    const own = address.street?.trim();
    const name = own && streets.drawn(own) ? own : undefined;
    if (address.ownStreetOnly && !name) continue;
    for (const { outer, at, walls: span } of address.places) {
      const from = at ?? centroid(outer);
      if (outer.length < 3 || Math.hypot(...from) > around.radius) continue;
      // From a building's middle, the search reaches as far past its walls (a large building's front is far from its middle).
      const reach = STREET_SEARCH_M + (at ? 0 : Math.max(...outer.map((p) => Math.hypot(p[0] - from[0], p[1] - from[1]))));
      const street = streets.nearest(from, reach, name);
      if (!street) continue;
      const facing = wallsFacing(outer, street.point, at);
      const onGround = () => facing.map((wall) => placeOnWall(number, wall, street, around, at)).find((label) => label && outlineSamples(label.corners).every(free) && clearOfNames(label.corners) && clearOfNumbers.clear(label.corners));
      const upright = () => (onWalls(span) ? facing.map((wall) => placeOnFacade(number, wall, street, around, at)).find((label) => label && label.front.every((p) => !underBuilding(p[0], p[1])) && clearOfNumbers.clear(label.corners)) : undefined);
      const placed = onGround() ?? upright();
      if (!placed) continue;
      labels.push(placed.label);
      clearOfNumbers.add(placed.corners);
      break;
    }
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
 * The number written upright on a wall facing its street, where the wall stands on the street or the
 * room before it is taken (old towns, houses on the pavement): as a house shows its number, over the
 * wall's foot, readable from the street. With its footprint (a thin strip before the wall) and the points
 * before the wall that must be open ground; undefined where the wall is too short or far from the street.
 */
function placeOnFacade(number: string, wall: Wall, street: StreetPoint, around: NumberSurroundings, entrance?: Point2): { label: StreetLabel; corners: Point2[]; front: Point2[] } | undefined {
  const { a, b, length } = wall;
  const along: Point2 = [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
  const out: Point2 = [along[1], -along[0]];
  const half = ((number.length * ADVANCE + 0.4) * FACADE_SIZE_M) / 2;
  if (2 * half > length) return undefined;
  const base = entrance ? wallPointNear(wall, along, entrance, 2 * half) : ([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as Point2);
  if (distanceAlong(base, out, street.point) > MAX_STREET_M) return undefined;
  const at = (t: number, across: number): Point2 => [base[0] + along[0] * half * t + out[0] * across, base[1] + along[1] * half * t + out[1] * across];
  // Open ground before the number, out to the road's edge: no other building stands between it and its street.
  const open = Math.max(FACADE_FREE_M, distanceAlong(base, out, street.point) - street.width / 2);
  const front = [-1, -0.5, 0, 0.5, 1].map((t) => at(t, FACADE_FREE_M));
  // The letters stand over the ground at the wall's foot, not over the street's farther up a slope.
  const foot = Math.max(...front.map((p) => around.surface.heightAt(p[0], p[1])));
  for (let across = FACADE_FREE_M + 0.5; across < open; across += 0.5) front.push(at(0, across));
  const path = [-1, 0, 1].flatMap((t) => pathPoint(at(t, FACADE_OUT_M), foot + FACADE_MIDDLE_M));
  return { label: { name: number, size: FACADE_SIZE_M, path, upright: true }, corners: [at(-1, 0), at(1, 0), at(1, FACADE_OUT_M), at(-1, FACADE_OUT_M)], front };
}

/** Whether a building's walls hold a number written on them: from near the ground to over the letters. */
function onWalls(walls: { bottom: number; top: number }): boolean {
  return walls.bottom <= FACADE_MIDDLE_M - FACADE_SIZE_M / 2 && walls.top >= FACADE_MIDDLE_M + FACADE_SIZE_M / 2;
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
