import { compareOsmIds } from '../features/map-features.ts';
import polygonClipping, { type Polygon } from 'polygon-clipping';
import { BoxGrid, type Box } from './box-grid.ts';
import type { Point2 } from './local-frame.ts';
import { bounds, centroid, pointInRing, segmentsCross, signedArea } from './polygon.ts';
import type { RoofSegment } from './roof-segment.ts';

/** A drawn building or part as a solid: its outline (metres east, north) and the heights it spans. */
export interface DrawnBody {
  /** What it is drawn for (an OSM id): of two level roofs over the same ground, the smaller id keeps it, whatever order the map source gives. */
  id: string;
  outer: Point2[];
  /** Elevations of its foot, its eaves (where its roof starts; its top for a flat roof) and its top, metres in the model's frame. */
  bottom: number;
  eaves: number;
  top: number;
}

/** A body must rise this far above a roof to cover it (a slab flush with the roof does not). */
const ABOVE_ROOF_M = 0.2;
/** Tops closer than this are one height (outlines and heights are stored to 1 cm). */
const LEVEL_M = 0.01;
/** Faces steeper than this are left alone: seen from the side, nothing stands on them. */
const MIN_UP = 0.2;
/** How far corners are moved inward before the tests, metres: the panels' setback. */
const NUDGE_M = 0.5;

/**
 * Which drawn bodies stand on or over which roof faces. OpenStreetMap maps a tower standing on a base, an
 * upper floor reaching over a lower roof, or two parts overlapping, as separate solids; where one rises
 * over another's roof, that part of the roof is not open to the sky, and panels must not be laid there.
 */
export class RoofCover {
  readonly #bodies: (DrawnBody & { box: Box })[];
  readonly #grid = new BoxGrid<number>();

  constructor(bodies: DrawnBody[]) {
    this.#bodies = bodies.map((body) => ({ ...body, box: bounds(body.outer) }));
    this.#bodies.forEach((body, i) => this.#grid.add(body.box, i));
  }

  /**
   * The faces with the outlines of the other bodies that rise over them added to their openings,
   * laid onto each face's plane (an opening may reach past the face: the layout keeps panels off either way).
   *
   * @param self - the index of the faces' own body, left out
   */
  withOpenings(segments: RoofSegment[], self: number): RoofSegment[] {
    return segments.map((segment) => {
      const [nx, ny, nz] = segment.normal;
      if (ny < MIN_UP || segment.outline.length < 3) return segment;
      const heights = segment.outline.map((p) => p[1]);
      const [low, high] = [Math.min(...heights), Math.max(...heights)];
      // glTF frame: x east, y up, z south; outlines are east and north.
      const ring = segment.outline.map(([x, , z]): Point2 => [x, -z]);
      const plan = bounds(ring);
      const covering = this.#grid
        .near(plan)
        .filter((i) => i !== self && this.#covers(i, self, low))
        .map((i) => this.#bodies[i])
        .filter((body) => overlaps(body.box, plan) && shareArea(body.outer, ring));
      if (covering.length === 0) return segment;
      const [ox, oy, oz] = segment.outline[0];
      const onPlane = ([x, north]: Point2): [number, number, number] => [x, round(oy - (nx * (x - ox) + nz * (-north - oz)) / ny), -north];
      const holes = [...(segment.holes ?? []), ...covering.map((body) => body.outer.map(onPlane))];
      return { ...segment, area: openArea(ring, holes, ny) ?? segment.area, holes };
    });
  }

  /**
   * Whether body `i` takes the roof of body `self` whose face starts at `low`: it rises over the face,
   * or, its whole roof level with it (two flat parts mapped over each other at one height), it is the
   * higher of the two or, as high, the one with the smaller id (in OSM's order: `way/200` before
   * `way/1000`; then the first drawn). Of two level roofs over the same ground exactly one keeps that
   * ground; a pitched roof whose ridge only reaches the face's height lies under it, and the face keeps it.
   */
  #covers(i: number, self: number, low: number): boolean {
    const [body, own] = [this.#bodies[i], this.#bodies[self]];
    if (body.top >= low + ABOVE_ROOF_M) return true;
    if (body.top <= low - ABOVE_ROOF_M || body.eaves < low - ABOVE_ROOF_M) return false;
    if (Math.abs(body.top - own.top) > LEVEL_M) return body.top > own.top;
    const order = compareOsmIds(body.id, own.id);
    return order !== 0 ? order < 0 : i < self;
  }
}

/**
 * The area of a face open to the sky, m²: its outline less its openings (which may reach past it), seen
 * from above and tilted back to the face's slope (`up`: the normal's upward part). Undefined where the
 * clipping cannot be done; the face's own area stands then.
 */
function openArea(ring: Point2[], holes: [number, number, number][][], up: number): number | undefined {
  const plan = (points: Point2[]): Polygon => [points];
  try {
    const open = polygonClipping.difference(plan(ring), ...holes.map((hole) => plan(hole.map(([x, , z]): Point2 => [x, -z]))));
    const area = open.reduce((sum, [outer, ...inner]) => sum + Math.abs(signedArea(outer)) - inner.reduce((a, r) => a + Math.abs(signedArea(r)), 0), 0);
    return round(area / up);
  } catch {
    return undefined;
  }
}

/**
 * Whether two outlines share more than a sliver: with each corner moved NUDGE_M toward its outline's
 * middle, a corner of one inside the other, or two edges properly crossing. Row houses abut, and
 * neighbours mapped a few centimetres into each other are common; an overlap narrower than the panels'
 * setback changes no layout.
 */
export function shareArea(a: Point2[], b: Point2[]): boolean {
  const inward = (ring: Point2[]) => {
    const [cx, cy] = centroid(ring);
    return ring.map(([x, y]): Point2 => {
      const d = Math.hypot(cx - x, cy - y) || 1;
      return [x + ((cx - x) / d) * NUDGE_M, y + ((cy - y) / d) * NUDGE_M];
    });
  };
  const [ia, ib] = [inward(a), inward(b)];
  if (ia.some((p) => pointInRing(p, b)) || ib.some((p) => pointInRing(p, a))) return true;
  return ia.some((p, i) => ib.some((q, j) => segmentsCross(p, ia[(i + 1) % ia.length], q, ib[(j + 1) % ib.length], 1e-6)));
}

function overlaps(a: Box, b: Box): boolean {
  return a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
