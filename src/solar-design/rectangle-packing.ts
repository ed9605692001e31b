import type { Point2 } from '../modelgen/browser.ts';
import { bounds, distanceToSegment, pointInRing, segmentsCross } from '../modelgen/browser.ts';

/** An axis-aligned rectangle in a face's plane coordinates (`u` across, `v` up the slope). */
export interface PlaneRect {
  u: number;
  v: number;
  width: number;
  height: number;
}

/** One way to tile: the footprint of a panel and the spacing of its rows and columns. */
export interface TilingOption {
  /** Footprint across the face (u) and up it (v), metres. */
  width: number;
  height: number;
  /** Distance from one column (u) / row (v) to the next, at least the footprint plus a gap. */
  columnPitch: number;
  rowPitch: number;
  /** Carried through to the result (portrait, landscape, …). */
  label: string;
}

/** The best tiling found. */
export interface Packing {
  option: TilingOption;
  rects: PlaneRect[];
}

const OFFSET_STEPS = 4;

/**
 * Fills a polygon with as many equal rectangles as fit, each fully inside the polygon, clear of its
 * `holes`, and at least `setback` from every edge, the holes' included. Tries every option (portrait,
 * landscape…) with several grid offsets in both directions and keeps the one that places the most (ties:
 * the most compact). Works for any simple polygon, concave ones included, because each rectangle is
 * checked against every edge. A hole may reach past the polygon (another building standing over the roof's
 * edge): no corner in it, none of its corners in a rectangle, and its edges kept at the setback.
 */
export function packRectangles(ring: Point2[], setback: number, options: TilingOption[], holes: Point2[][] = []): Packing | undefined {
  if (ring.length < 3) return undefined;
  const box = bounds(ring);
  const openings = holes.filter((hole) => hole.length >= 3).map((hole) => ({ ring: hole, box: bounds(hole) }));
  const outline = ringEdges(ring);
  const edges = [...outline, ...openings.flatMap((opening) => ringEdges(opening.ring))];
  // A hole smaller than a panel less its setbacks could sit inside one clear of all its sides.
  const holeCorners = openings.flatMap((opening) => opening.ring);
  let best: Packing | undefined;
  for (const option of options) {
    for (let i = 0; i < OFFSET_STEPS; i++) {
      for (let j = 0; j < OFFSET_STEPS; j++) {
        const startU = box.minX + setback + (option.columnPitch * i) / OFFSET_STEPS - option.columnPitch;
        const startV = box.minY + setback + (option.rowPitch * j) / OFFSET_STEPS - option.rowPitch;
        const rects: PlaneRect[] = [];
        for (let v = startV; v + option.height <= box.maxY - setback + 1e-9; v += option.rowPitch) {
          // Only edges reaching into this row's band (grown by the setback) can matter to its panels.
          const band = edgesInBand(edges, v - setback, v + option.height + setback);
          // Every rectangle of the row has its corners on the same two lines: cross them with the edges once.
          const outlineBand = edgesInBand(outline, v, v + option.height);
          const bottom = crossings(outlineBand, v);
          const top = crossings(outlineBand, v + option.height);
          const rowHoleCorners = holeCorners.filter(([, y]) => y > v && y < v + option.height);
          const rowOpenings = openings.filter((opening) => opening.box.maxY >= v && opening.box.minY <= v + option.height);
          for (let u = startU; u + option.width <= box.maxX - setback + 1e-9; u += option.columnPitch) {
            const rect = { u, v, width: option.width, height: option.height };
            if (fitsAmong(rect, band, setback, bottom, top) && clearOf(rect, rowOpenings, rowHoleCorners)) rects.push(rect);
          }
        }
        if (!best || rects.length > best.rects.length || (rects.length === best.rects.length && spread(rects) < spread(best.rects))) {
          best = { option, rects };
        }
      }
    }
  }
  return best && best.rects.length > 0 ? best : undefined;
}

type Edge = [Point2, Point2];

/** No corner of the rectangle in an opening and no opening's corner in the rectangle (edges crossing it fail the setback). */
function clearOf(rect: PlaneRect, openings: { ring: Point2[] }[], openingCorners: Point2[]): boolean {
  if (openingCorners.some(([x]) => x > rect.u && x < rect.u + rect.width)) return false;
  const corners: Point2[] = [[rect.u, rect.v], [rect.u + rect.width, rect.v], [rect.u + rect.width, rect.v + rect.height], [rect.u, rect.v + rect.height]];
  return !openings.some((opening) => corners.some((corner) => pointInRing(corner, opening.ring)));
}

function ringEdges(ring: Point2[]): Edge[] {
  return ring.map((point, i) => [point, ring[(i + 1) % ring.length]]);
}

function edgesInBand(edges: Edge[], low: number, high: number): Edge[] {
  return edges.filter(([a, b]) => Math.max(a[1], b[1]) >= low && Math.min(a[1], b[1]) <= high);
}

/**
 * The test on the edges that can matter: every corner inside (a ray to +u crosses an odd number of
 * edges, and only edges spanning the corner's v can cross it, all of which are in the band), and
 * every edge at least `setback` from the rectangle's sides. `bottom` and `top` are the band's
 * crossings of the rectangle's lower and upper lines.
 */
function fitsAmong(rect: PlaneRect, edges: Edge[], setback: number, bottom: Float64Array, top: Float64Array): boolean {
  const right = rect.u + rect.width;
  if (!(insideOnLine(rect.u, bottom) && insideOnLine(right, bottom) && insideOnLine(right, top) && insideOnLine(rect.u, top))) return false;
  const corners: Point2[] = [[rect.u, rect.v], [right, rect.v], [right, rect.v + rect.height], [rect.u, rect.v + rect.height]];
  const [minU, maxU, minV, maxV] = [rect.u - setback, rect.u + rect.width + setback, rect.v - setback, rect.v + rect.height + setback];
  for (const [a, b] of edges) {
    // An edge whose box is clear of the rectangle grown by the setback cannot come too close.
    if (Math.max(a[0], b[0]) < minU || Math.min(a[0], b[0]) > maxU || Math.max(a[1], b[1]) < minV || Math.min(a[1], b[1]) > maxV) continue;
    for (let k = 0; k < 4; k++) {
      if (segmentDistance(corners[k], corners[(k + 1) % 4], a, b) < setback - 1e-9) return false;
    }
  }
  return true;
}

/**
 * Where the edges spanning the line at height `y` cross it, sorted: the even-odd rule of `pointInRing`
 * (an edge counts when (yi > y) ≠ (yj > y) and the point lies left of its crossing), computed once per line.
 */
function crossings(edges: Edge[], y: number): Float64Array {
  const xs: number[] = [];
  for (const [[xi, yi], [xj, yj]] of edges) {
    if (yi > y !== yj > y) xs.push(((xj - xi) * (y - yi)) / (yj - yi) + xi);
  }
  return Float64Array.from(xs).sort();
}

/** Even-odd test of a point on a line: inside when an odd number of the line's crossings lie right of it. */
function insideOnLine(x: number, crossingsOfLine: Float64Array): boolean {
  let count = 0;
  for (let i = crossingsOfLine.length - 1; i >= 0 && crossingsOfLine[i] > x; i--) count++;
  return count % 2 === 1;
}

/** Shortest distance between two segments (0 when they cross). */
export function segmentDistance(p1: Point2, p2: Point2, q1: Point2, q2: Point2): number {
  if (segmentsCross(p1, p2, q1, q2)) return 0;
  return Math.min(distanceToSegment(p1, q1, q2), distanceToSegment(p2, q1, q2), distanceToSegment(q1, p1, p2), distanceToSegment(q2, p1, p2));
}

/** Size of the box around a set of rectangles, for preferring compact arrays among equals. */
function spread(rects: PlaneRect[]): number {
  if (rects.length === 0) return 0;
  const us = rects.flatMap((r) => [r.u, r.u + r.width]);
  const vs = rects.flatMap((r) => [r.v, r.v + r.height]);
  return (Math.max(...us) - Math.min(...us)) * (Math.max(...vs) - Math.min(...vs));
}
