import type { GroundFeature } from '../features/map-features.ts';
import { BoxGrid, type Box } from '../geometry/box-grid.ts';
import type { Point2 } from '../geometry/local-frame.ts';
import { bounds, convexOverlap } from '../geometry/polygon.ts';
import type { TerrainSurface } from '../terrain/terrain-surface.ts';
import { clipLineToCircle } from './line-clip.ts';

/** Where the viewer writes a street's name on the road: the text runs along `path`, from start to end or back. */
export interface StreetLabel {
  name: string;
  /** Height of the letters, metres. */
  size: number;
  /** The stretch of the street's centre line the text covers, `[x, y, z, x, y, z, …]` in the glTF frame, on the drawn road. */
  path: number[];
  /**
   * Rise of the ground across the text, metres per metre toward the letters' tops when read from the
   * path's start (to its left, seen from above); absent: level. The letters lie on that slope.
   */
  tilt?: number;
  /**
   * Written upright on a wall (a house number where there is no room before the house): the path runs
   * along the wall's face at the letters' middle height, the wall to its left seen from above, and the
   * letters face away from it.
   */
  upright?: boolean;
}

/** Labels of one street are this far apart along it, metres. */
const SPACING_M = 220;
/** Points of a label's path are at most this far apart, so that it follows the ground between them, metres. */
const STEP_M = 4;
/** A stretch turning more than this in all is no place for a name, degrees. */
const MAX_TURN_DEG = 40;
/**
 * Mean advance of a letter, in letter heights, generous (semi-bold sans-serif faces run 0.6–0.7, Cyrillic
 * wider): the viewer writes a name smaller where it is still longer than its stretch.
 */
const ADVANCE = 0.7;
/** Of two labels of one name closer than this, only the one on the longer run is kept (carriageways mapped apart, split ways), metres. */
const SAME_NAME_APART_M = 120;
/** The letters of two names keep this far apart, metres. */
const NAMES_APART_M = 0.5;
/** Letter height as a share of the road's width, and its limits, metres. */
const SIZE_OF_WIDTH = 0.6;
const [MIN_SIZE_M, MAX_SIZE_M] = [2, 5];
/** Labels keep this far inside the model's circle, metres. */
const RIM_M = 10;
/** Endpoints of two ways closer than this are one junction, metres. */
const JOIN_M = 0.5;
/** The most labels a model carries (the longest streets first). */
const MAX_LABELS = 300;

/** Named roads and paths on the surface by name: the widest one's width and every centre line (local metres). */
export type NamedStreets = Map<string, { width: number; lines: Point2[][] }>;

/** The named roads and paths on the surface (not in tunnels, not on bridges), by name. */
export function namedStreets(ground: GroundFeature[], local: (points: [number, number][]) => Point2[]): NamedStreets {
  const streets: NamedStreets = new Map();
  for (const feature of ground) {
    const name = feature.name?.trim();
    if (!name || (feature.kind !== 'road' && feature.kind !== 'path') || feature.underground || feature.bridge) continue;
    const street = streets.get(name) ?? { width: 0, lines: [] };
    street.width = Math.max(street.width, feature.width ?? 4);
    street.lines.push(local(feature.points));
    streets.set(name, street);
  }
  return streets;
}

/** Squares and pedestrian streets mapped as areas, by name: their outlines (local metres). */
export type NamedSquares = Map<string, Point2[][]>;

/** The named squares and pedestrian streets mapped as areas (not in tunnels, not on bridges), by name: their outlines. */
export function namedSquares(ground: GroundFeature[], local: (points: [number, number][]) => Point2[]): NamedSquares {
  const squares: NamedSquares = new Map();
  for (const feature of ground) {
    const name = feature.name?.trim();
    if (!name || feature.kind !== 'pedestrian' || feature.underground || feature.bridge) continue;
    const outlines = squares.get(name) ?? [];
    outlines.push(local(feature.points));
    squares.set(name, outlines);
  }
  return squares;
}

/**
 * The street names a model's roads carry: named roads and paths on the surface (not in tunnels, not on
 * bridges), their ways joined into runs where they meet end to end, and a stretch of each run long and
 * straight enough for the name chosen every {@link SPACING_M} metres. The viewer draws the letters; the
 * model only says where (the viewer knows the typeface).
 *
 * @param lift - height of the label above the drawn ground (the road layer's own lift), metres
 */
export function streetLabels(streets: NamedStreets, surface: TerrainSurface, radius: number, lift: number): StreetLabel[] {
  const slots: { name: string; size: number; stretches: Iterable<Point2[]>; runLength: number }[] = [];
  for (const [name, { width, lines }] of streets) {
    const size = Math.min(MAX_SIZE_M, Math.max(MIN_SIZE_M, width * SIZE_OF_WIDTH));
    const textLength = (name.length * ADVANCE + 1) * size;
    for (const run of joinRuns(lines.flatMap((line) => clipLineToCircle(line, radius - RIM_M)))) {
      const length = lineLength(run);
      for (const stretches of labelStretches(run, length, textLength)) slots.push({ name, size, stretches, runLength: length });
    }
  }
  const placed = new PlacedNames();
  const labels: StreetLabel[] = [];
  for (const { name, size, stretches } of slots.sort((a, b) => b.runLength - a.runLength)) {
    if (labels.length >= MAX_LABELS) break;
    let stretch: Point2[] | undefined;
    for (const candidate of stretches) {
      if (!placed.free(name, candidate, size)) continue;
      stretch = candidate;
      break;
    }
    if (!stretch) continue;
    placed.add(name, stretch, size);
    // On a road across a slope the letters lie on the slope, as a house number does, not level and half buried.
    const tilt = crossSlope(stretch, surface, size / 2);
    labels.push({ name, size: round(size, 1), path: stretch.flatMap((p) => pathPoint(p, surface.heightAt(...p) + lift)), ...(Math.abs(tilt) >= 0.01 ? { tilt: round(tilt, 3) } : {}) });
  }
  return labels;
}

/**
 * The ground's mean rise across a stretch toward its left (seen from above, read from its start), metres
 * per metre, measured `half` metres to either side of each of its points.
 */
function crossSlope(stretch: Point2[], surface: TerrainSurface, half: number): number {
  let sum = 0;
  for (let i = 0; i < stretch.length; i++) {
    const [from, to] = [stretch[Math.max(0, i - 1)], stretch[Math.min(stretch.length - 1, i + 1)]];
    const length = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
    const left: Point2 = [-(to[1] - from[1]) / length, (to[0] - from[0]) / length];
    const [x, y] = stretch[i];
    sum += (surface.heightAt(x + left[0] * half, y + left[1] * half) - surface.heightAt(x - left[0] * half, y - left[1] * half)) / (2 * half);
  }
  return sum / stretch.length;
}

/**
 * The names placed so far, by the boxes of their letters along their stretches: a new name keeps
 * SAME_NAME_APART_M from a label of the same name (its other carriageway, a split way) and off the letters
 * of every other (two streets crossing in the middle of their runs).
 */
class PlacedNames {
  readonly #grid = new BoxGrid<{ name: string; middle: Point2; box: Box; boxes: Point2[][] }>();

  free(name: string, stretch: Point2[], size: number): boolean {
    const middle = stretch[Math.floor(stretch.length / 2)];
    const reach = SAME_NAME_APART_M;
    const near = this.#grid.near({ minX: middle[0] - reach, minY: middle[1] - reach, maxX: middle[0] + reach, maxY: middle[1] + reach });
    if (near.some((other) => other.name === name && Math.hypot(other.middle[0] - middle[0], other.middle[1] - middle[1]) < reach)) return false;
    const box = bounds(stretch);
    const others = near.filter((other) => other.name !== name && boxesMeet(other.box, box, size));
    if (others.length === 0) return true;
    const boxes = letterBoxes(stretch, size);
    return others.every((other) => !other.boxes.some((a) => boxes.some((b) => convexOverlap(a, b))));
  }

  add(name: string, stretch: Point2[], size: number): void {
    const box = bounds(stretch);
    const entry = { name, middle: stretch[Math.floor(stretch.length / 2)], box: { minX: box.minX - size, minY: box.minY - size, maxX: box.maxX + size, maxY: box.maxY + size }, boxes: letterBoxes(stretch, size) };
    this.#grid.add(box, entry);
  }
}

/** Whether a placed name's box (widened by its letters) meets a stretch's box widened by letters `size` high. */
function boxesMeet(placed: Box, box: Box, size: number): boolean {
  return placed.minX <= box.maxX + size && placed.maxX >= box.minX - size && placed.minY <= box.maxY + size && placed.maxY >= box.minY - size;
}

/** The boxes the letters of a name cover along a stretch: each step of it, widened by half the letters' height and a margin. */
function letterBoxes(stretch: Point2[], size: number): Point2[][] {
  const half = size / 2 + NAMES_APART_M;
  const boxes: Point2[][] = [];
  for (let i = 1; i < stretch.length; i++) {
    const [a, b] = [stretch[i - 1], stretch[i]];
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const [ox, oy] = [((b[1] - a[1]) / length) * half, (-(b[0] - a[0]) / length) * half];
    boxes.push([[a[0] + ox, a[1] + oy], [b[0] + ox, b[1] + oy], [b[0] - ox, b[1] - oy], [a[0] - ox, a[1] - oy]]);
  }
  return boxes;
}

/** Ways of one street joined end to end into runs (OSM splits a street wherever its tags change). */
function joinRuns(lines: Point2[][]): Point2[][] {
  const left = lines.filter((line) => line.length >= 2).map((line) => line.slice());
  const runs: Point2[][] = [];
  const meets = (a: Point2, b: Point2) => Math.hypot(a[0] - b[0], a[1] - b[1]) < JOIN_M;
  while (left.length > 0) {
    let run = left.pop()!;
    for (let joined = true; joined; ) {
      joined = false;
      for (let i = 0; i < left.length; i++) {
        const line = left[i];
        const [start, end] = [run[0], run[run.length - 1]];
        if (meets(end, line[0])) run = [...run, ...line.slice(1)];
        else if (meets(end, line[line.length - 1])) run = [...run, ...line.slice(0, -1).reverse()];
        else if (meets(start, line[line.length - 1])) run = [...line, ...run.slice(1)];
        else if (meets(start, line[0])) run = [...line.slice(1).reverse(), ...run];
        else continue;
        left.splice(i, 1);
        joined = true;
        break;
      }
    }
    runs.push(run);
  }
  return runs;
}

/**
 * Where along a run a name of `textLength` may go: a place every SPACING_M (one in the middle of a shorter
 * run), each with the stretches to try in order, the nearest first, those that do not turn too much; none
 * where the run is too short or too winding.
 */
function labelStretches(run: Point2[], length: number, textLength: number): Iterable<Point2[]>[] {
  if (length < textLength * 1.1) return [];
  const count = Math.max(1, Math.floor(length / SPACING_M));
  return Array.from({ length: count }, (_, k) => fitting(run, length, (length * (k + 0.5)) / count, textLength));
}

/** The stretches of a run around `wanted` that hold a name and do not turn too much, the nearest first, each cut only when asked for. */
function* fitting(run: Point2[], length: number, wanted: number, textLength: number): Generator<Point2[]> {
  for (const shift of [0, 0.25, -0.25, 0.5, -0.5, 1, -1]) {
    const centre = wanted + shift * textLength;
    if (centre - textLength / 2 < 0 || centre + textLength / 2 > length) continue;
    const stretch = sample(run, centre - textLength / 2, centre + textLength / 2);
    if (turning(stretch) <= MAX_TURN_DEG) yield stretch;
  }
}

/** Total change of direction along a polyline, degrees. */
function turning(line: Point2[]): number {
  let total = 0;
  for (let i = 1; i + 1 < line.length; i++) {
    const a = Math.atan2(line[i][1] - line[i - 1][1], line[i][0] - line[i - 1][0]);
    const b = Math.atan2(line[i + 1][1] - line[i][1], line[i + 1][0] - line[i][0]);
    total += Math.abs(((b - a + 3 * Math.PI) % (2 * Math.PI)) - Math.PI);
  }
  return (total * 180) / Math.PI;
}

function lineLength(line: Point2[]): number {
  let length = 0;
  for (let i = 1; i < line.length; i++) length += Math.hypot(line[i][0] - line[i - 1][0], line[i][1] - line[i - 1][1]);
  return length;
}

/** The part of a polyline from distance `from` to `to` along it, with points at most STEP_M apart. */
function sample(line: Point2[], from: number, to: number): Point2[] {
  const steps = Math.max(1, Math.ceil((to - from) / STEP_M));
  return Array.from({ length: steps + 1 }, (_, i) => pointAt(line, from + ((to - from) * i) / steps));
}

function pointAt(line: Point2[], distance: number): Point2 {
  let travelled = 0;
  for (let i = 1; i < line.length; i++) {
    const step = Math.hypot(line[i][0] - line[i - 1][0], line[i][1] - line[i - 1][1]);
    if (travelled + step >= distance && step > 0) {
      const t = (distance - travelled) / step;
      return [line[i - 1][0] + (line[i][0] - line[i - 1][0]) * t, line[i - 1][1] + (line[i][1] - line[i - 1][1]) * t];
    }
    travelled += step;
  }
  return line[line.length - 1];
}

/** A point of a label's path in the glTF frame (x east, y up, z south), to 10 cm across and 1 cm up: what the file stores. */
export function pathPoint([east, north]: Point2, height: number): [number, number, number] {
  return [round(east, 1), round(height, 2), round(-north, 1)];
}

/** A value to `decimals` places (never -0). */
export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor || 0;
}
