import type { Point2 } from './local-frame.ts';
import { bounds, centroid, distanceToOutline, pointInRing, signedArea } from './polygon.ts';
import type { HeightGrid } from '../terrain/height-grid.ts';
import type { TerrainSurface } from '../terrain/terrain-surface.ts';

/**
 * How a building was set on the ground:
 * - `level`: the ground under its outline rises less than {@link LEVEL_RISE_M};
 * - `lowest-contact`: its height is mapped, so (as OSM means it) it stands from its lowest ground
 *   contact, and the slope is cut down to that level under it;
 * - `highest-contact`: its height is only a default, so it stands on its highest ground contact (its
 *   default storeys show on the uphill side, not buried), its walls carried down to the ground below;
 * - `with-building`: a building part, on its building's base.
 */
export type Seating = 'level' | 'lowest-contact' | 'highest-contact' | 'with-building';

/** Where a building stands: its base height (local frame) and how it was chosen. */
export interface Seat {
  base: number;
  seating: Seating;
  /** Lowest and highest natural ground along its outline. */
  groundLow: number;
  groundHigh: number;
}

/** A pad: the ground under `outer` is cut down to `base` (never filled). */
export interface Pad {
  outer: Point2[];
  base: number;
}

/** A rise below which a building counts as standing on level ground, metres. */
export const LEVEL_RISE_M = 0.25;
/** Walls reach this far under the drawn ground, so no gap shows where the ground bends between samples. */
export const WALL_EMBED_M = 0.3;
/** Steepness of the bank from a pad up to the natural ground (rise over run, about 56°). */
const CUT_SLOPE = 1.5;
/** Spacing of the natural-ground samples along an outline, metres. */
const OUTLINE_STEP_M = 1;

/**
 * Seats a building on the natural ground along its outline. `heightGuessed`: the building's height is
 * a default rather than mapped (no `height`, no `building:levels`).
 */
export function seatBuilding(outer: Point2[], heightAt: (x: number, y: number) => number, heightGuessed: boolean): Seat {
  let groundLow = Infinity;
  let groundHigh = -Infinity;
  for (const [x, y] of alongRing(outer, OUTLINE_STEP_M)) {
    const z = heightAt(x, y);
    groundLow = Math.min(groundLow, z);
    groundHigh = Math.max(groundHigh, z);
  }
  if (groundHigh - groundLow < LEVEL_RISE_M) return { base: groundLow, seating: 'level', groundLow, groundHigh };
  if (heightGuessed) return { base: groundHigh, seating: 'highest-contact', groundLow, groundHigh };
  return { base: groundLow, seating: 'lowest-contact', groundLow, groundHigh };
}

/** A building or part to seat. */
export interface SeatInput {
  outer: Point2[];
  part: boolean;
  /** Its height is a default (neither `height` nor `building:levels` mapped). */
  heightGuessed: boolean;
}

/** Where the buildings and parts of a model stand, and which belong together. */
export interface SeatedBuildings {
  /** Each input's seat, in the input's order. */
  seats: Seat[];
  /** The pads to cut into the ground, one per building (and per part no building holds). */
  pads: Pad[];
  /** Each building's parts (indices of the input), for buildings that have parts. */
  partsOf: Map<number, number[]>;
  /**
   * For each part, the building it belongs to: the first building whose outline holds its centre, else
   * the outermost part it rises from (a podium mapped as a part, no outline around it); undefined for
   * buildings and for parts standing alone.
   */
  wholeOf: (number | undefined)[];
}

/**
 * Seats every building on the natural ground, and every part on the base of the building whose outline
 * holds its centre (a part outside any building is seated as a building). A building with parts counts
 * as having a default height only when its parts all have one. Returns the seats in the input's order,
 * the pads to cut into the ground (one per building), each building's parts (by index), and for each
 * part the whole it belongs to (see {@link SeatedBuildings.wholeOf}).
 */
export function seatBuildings(items: SeatInput[], heightAt: (x: number, y: number) => number): SeatedBuildings {
  const buildings = items.map((item, index) => ({ item, index, box: bounds(item.outer) })).filter((b) => !b.item.part);
  // Every building holding a part's centre is drawn by its parts; the first of them is the part's owner.
  const holders = items.map((item) => {
    if (!item.part) return [];
    const c = centroid(item.outer);
    return buildings.filter((b) => holds(b.box, b.item.outer, c)).map((b) => b.index);
  });
  const owners = holders.map((h) => h[0]);
  const hosts = partHosts(items, owners);
  const guessed = items.map((item) => item.heightGuessed);
  owners.forEach((owner, index) => {
    if (owner !== undefined && !items[index].heightGuessed) guessed[owner] = false;
  });
  // A part stands on its building's base, or on the base of the part it rises from when no building holds it.
  const standsOn = owners.map((owner, index) => owner ?? hosts[index]);
  const seats: Seat[] = items.map((item, index) => (standsOn[index] === undefined ? seatBuilding(item.outer, heightAt, guessed[index]) : (undefined as unknown as Seat)));
  standsOn.forEach((under, index) => {
    if (under !== undefined) seats[index] = { ...seats[under], seating: 'with-building' };
  });
  const pads = items.flatMap((item, index) => (standsOn[index] === undefined ? [{ outer: item.outer, base: seats[index].base }] : []));
  const partsOf = new Map<number, number[]>();
  holders.forEach((held, part) => held.forEach((building) => partsOf.set(building, [...(partsOf.get(building) ?? []), part])));
  return { seats, pads, partsOf, wholeOf: standsOn };
}

/**
 * For each part no building holds: the largest other such part holding its centre, which it rises from
 * (Monaco's Tour Odéon, mapped as a tower part and a podium part without a building outline: seated
 * apart, the tower stood 6 m above the podium's base on the slope). Undefined for the others.
 */
function partHosts(items: SeatInput[], owners: (number | undefined)[]): (number | undefined)[] {
  const loose = items.flatMap((item, index) => (item.part && owners[index] === undefined ? [{ index, outer: item.outer, box: bounds(item.outer), area: Math.abs(signedArea(item.outer)) }] : []));
  const hosts: (number | undefined)[] = items.map(() => undefined);
  for (const part of loose) {
    const c = centroid(part.outer);
    const holding = loose.filter((other) => other.area > part.area && holds(other.box, other.outer, c));
    hosts[part.index] = holding.sort((a, b) => b.area - a.area)[0]?.index;
  }
  // A host that rises from another part hands on that part's seat: each part's host is the outermost.
  return hosts.map((host) => {
    for (let steps = 0; host !== undefined && hosts[host] !== undefined && steps < items.length; steps++) host = hosts[host];
    return host;
  });
}

/** Whether an outline (with its bounding box, checked first) holds a point. */
function holds(box: ReturnType<typeof bounds>, outer: Point2[], point: Point2): boolean {
  return point[0] >= box.minX && point[0] <= box.maxX && point[1] >= box.minY && point[1] <= box.maxY && pointInRing(point, outer);
}

/**
 * Cuts the pads into a height grid: under each footprint, and a margin of one and a half cells around it
 * (so every grid triangle over the footprint has its corners on the pad), the ground is lowered to the
 * pad's base; beyond, it rises back to the natural ground along a bank of {@link CUT_SLOPE}. Ground
 * lower than a pad is left as it is: the building's walls reach down to it. Returns a mask of the grid
 * points around the pads, where the mesh should follow the ground more closely.
 */
export function cutPads(grid: HeightGrid, pads: Pad[], fineMarginM: number): Uint8Array {
  const fine = new Uint8Array(grid.side * grid.side);
  const margin = Math.max(0.5, 1.5 * grid.cell);
  for (const pad of pads) {
    const box = bounds(pad.outer);
    const reach = margin + Math.max(0, highestIn(grid, box, margin) - pad.base) + 2 * grid.cell;
    const around = Math.max(reach, margin + fineMarginM);
    for (let j = grid.index(box.minY - around); j <= grid.index(box.maxY + around); j++) {
      for (let i = grid.index(box.minX - around); i <= grid.index(box.maxX + around); i++) {
        const k = j * grid.side + i;
        const [x, y] = [grid.x(i), grid.y(j)];
        // The distance to the box is a cheap lower bound of the distance to the outline: most points
        // are already below the bank it allows, and need no exact distance.
        const near = Math.hypot(Math.max(box.minX - x, 0, x - box.maxX), Math.max(box.minY - y, 0, y - box.maxY));
        if (near <= margin + fineMarginM) fine[k] = 1;
        if (near > reach || grid.heights[k] <= pad.base + Math.max(0, near - margin) * CUT_SLOPE) continue;
        const d = distanceToRing([x, y], pad.outer);
        grid.heights[k] = Math.min(grid.heights[k], pad.base + Math.max(0, d - margin) * CUT_SLOPE);
      }
    }
  }
  return fine;
}

/**
 * The bottoms of the walls of a building standing on the ground, for walls within `outline`: for a wall
 * from `a` to `b`, the lowest point of the drawn ground along it (exact on the mesh: it is found at the
 * wall's ends or where it crosses a triangle's side), less {@link WALL_EMBED_M}. The ground's triangles
 * under the outline are looked up once for all its walls.
 */
export function wallFeet(surface: TerrainSurface, outline: Point2[]): (a: Point2, b: Point2) => number {
  const triangles = [...surface.trianglesIn(bounds(outline))];
  return (a, b) => {
    let low = Math.min(surface.heightAt(a[0], a[1]), surface.heightAt(b[0], b[1]));
    for (const triangle of triangles) low = Math.min(low, lowestCrossing(triangle, a, b));
    return low - WALL_EMBED_M;
  };
}

/** The lowest height where a wall from `a` to `b` crosses a triangle's sides (Infinity when it does not). */
function lowestCrossing(triangle: readonly (readonly number[])[], a: Point2, b: Point2): number {
  let low = Infinity;
  for (let e = 0; e < 3; e++) {
    const p = triangle[e];
    const q = triangle[(e + 1) % 3];
    const t = crossing(a, b, p, q);
    if (t !== undefined) low = Math.min(low, p[2] + t * (q[2] - p[2]));
  }
  return low;
}

/** Points along a closed ring, its corners and every `step` metres between. */
export function alongRing(ring: readonly Point2[], step: number): Point2[] {
  const out: Point2[] = [];
  for (let i = 0; i < ring.length; i++) {
    const [ax, ay] = ring[i];
    const [bx, by] = ring[(i + 1) % ring.length];
    const n = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / step));
    for (let k = 0; k < n; k++) out.push([ax + ((bx - ax) * k) / n, ay + ((by - ay) * k) / n]);
  }
  return out;
}

/** Distance from a point to a ring's area: 0 inside it. */
function distanceToRing(p: Point2, ring: Point2[]): number {
  return pointInRing(p, ring) ? 0 : distanceToOutline(p, ring);
}

/** The highest grid height in a box grown by `grow` metres. */
function highestIn(grid: HeightGrid, box: { minX: number; minY: number; maxX: number; maxY: number }, grow: number): number {
  let high = -Infinity;
  for (let j = grid.index(box.minY - grow); j <= grid.index(box.maxY + grow); j++) {
    for (let i = grid.index(box.minX - grow); i <= grid.index(box.maxX + grow); i++) high = Math.max(high, grid.heights[j * grid.side + i]);
  }
  return high;
}

/** Where segment p–q crosses segment a–b, as a fraction along p–q, if it does. */
function crossing(a: Point2, b: Point2, p: readonly number[], q: readonly number[]): number | undefined {
  const rx = b[0] - a[0];
  const ry = b[1] - a[1];
  const sx = q[0] - p[0];
  const sy = q[1] - p[1];
  const denominator = rx * sy - ry * sx;
  if (Math.abs(denominator) < 1e-12) return undefined;
  const u = ((p[0] - a[0]) * ry - (p[1] - a[1]) * rx) / denominator;
  const t = ((p[0] - a[0]) * sy - (p[1] - a[1]) * sx) / denominator;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? u : undefined;
}
