import type { Point2 } from '../geometry/local-frame.ts';
import { bounds } from '../geometry/polygon.ts';
import type { Point3 } from '../geometry/mesh-builder.ts';
import { clipToConvex } from '../ground/convex-clip.ts';
import { CIRCLE_SIDES, clipToCircle } from './clip-to-circle.ts';

/** The ground reaches this far beyond a building that crosses its edge, metres. */
export const TAB_MARGIN_M = 5;
/** Farthest the ground reaches beyond its circle under a building, metres: larger sites stay cut. */
export const TAB_MAX_M = 200;
/** Widest angle one convex region of the outline spans; a fan from the centre is convex up to 180°. */
const REGION_MAX_RAD = Math.PI / 2;
const STEP_RAD = (2 * Math.PI) / CIRCLE_SIDES;

/** An angular range of the outline at one radius: `from` < `to`, radians counter-clockwise from east. */
interface Span {
  from: number;
  to: number;
  radius: number;
}

/**
 * The drawn ground's outline seen from above: the model's circle, with a tab wherever a building kept in
 * the model (it touches the circle) reaches beyond it, so no building hangs over the edge of the ground.
 * A tab is a fan from the centre over the building's angular range, a little wider and farther than it.
 */
export class GroundOutline {
  /** Radius of the circle, metres. */
  readonly base: number;
  /** Farthest point of the outline from the centre, metres. */
  readonly maxRadius: number;
  /** Convex regions covering the outline (centre first, then the arc), when it has tabs, with their bounding boxes. */
  readonly #regions: { ring: Point2[]; box: ReturnType<typeof bounds> }[] | undefined;

  constructor(base: number, footprints: readonly (readonly Point2[])[] = []) {
    this.base = base;
    const tabs = mergeSpans(footprints.flatMap((ring) => tabOf(ring, base)));
    this.maxRadius = Math.max(base, ...tabs.map((t) => t.radius));
    this.#regions = tabs.length === 0 ? undefined : fillAround(tabs, base).flatMap(regionsOf).map((ring) => ({ ring, box: bounds(ring) }));
  }

  /** Whether the outline is the plain circle. */
  get isCircle(): boolean {
    return this.#regions === undefined;
  }

  /**
   * The pieces of a convex polygon (counter-clockwise, heights interpolated along the cuts) inside the
   * outline: one piece, or none, for the circle; one per region it meets otherwise.
   */
  clip(polygon: Point3[]): Point3[][] {
    if (this.#regions === undefined) {
      const piece = clipToCircle(polygon, this.base);
      return piece.length >= 3 ? [piece] : [];
    }
    const box = bounds(polygon);
    const pieces: Point3[][] = [];
    for (const region of this.#regions) {
      // Most regions are wedges far from the polygon: their boxes do not meet.
      if (region.box.minX > box.maxX || region.box.maxX < box.minX || region.box.minY > box.maxY || region.box.maxY < box.minY) continue;
      const piece = clipToConvex(polygon, region.ring);
      if (piece.length >= 3) pieces.push(piece);
    }
    return pieces;
  }
}

/** The tab a footprint needs: its angular range, widened by the margin, at its farthest point plus the margin. */
function tabOf(ring: readonly Point2[], base: number): Span[] {
  const far = Math.max(...ring.map(([x, y]) => Math.hypot(x, y)));
  if (far <= base || far > base + TAB_MAX_M) return [];
  // Angles unwrapped around the ring's first point, so a ring across the west (±180°) keeps one range.
  const first = Math.atan2(ring[0][1], ring[0][0]);
  const angles = ring.map(([x, y]) => first + wrap(Math.atan2(y, x) - first));
  const widen = TAB_MARGIN_M / far;
  const from = Math.min(...angles) - widen;
  return [{ from, to: Math.max(...angles) + widen, radius: far + TAB_MARGIN_M }].map((s) => normalised(s));
}

/** Overlapping tabs as one, at the larger radius, sorted by angle in [0, 2π). */
function mergeSpans(spans: Span[]): Span[] {
  // A span across 0 is split in two, so that all lie in [0, 2π).
  const flat = spans.flatMap((s) => (s.to > 2 * Math.PI ? [{ ...s, to: 2 * Math.PI }, { from: 0, to: s.to - 2 * Math.PI, radius: s.radius }] : [s]));
  flat.sort((a, b) => a.from - b.from);
  const merged: Span[] = [];
  for (const span of flat) {
    const last = merged.at(-1);
    if (last && span.from <= last.to) {
      last.to = Math.max(last.to, span.to);
      last.radius = Math.max(last.radius, span.radius);
    } else merged.push({ ...span });
  }
  return merged;
}

/** The tabs and the circle's arcs between them: spans covering [0, 2π) in order. */
function fillAround(tabs: Span[], base: number): Span[] {
  const spans: Span[] = [];
  let at = 0;
  for (const tab of tabs) {
    if (tab.from > at) spans.push({ from: at, to: tab.from, radius: base });
    spans.push(tab);
    at = tab.to;
  }
  if (at < 2 * Math.PI) spans.push({ from: at, to: 2 * Math.PI, radius: base });
  return spans;
}

/**
 * A span as convex fans from the centre, each at most {@link REGION_MAX_RAD} wide: the centre, then
 * points on the arc at the span's ends and at the circle polygon's corners between them (those of
 * clip-to-circle, so a plain arc is cut as the circle is).
 */
function regionsOf(span: Span): Point2[][] {
  const regions: Point2[][] = [];
  for (let from = span.from; from < span.to - 1e-9; from += REGION_MAX_RAD) {
    const to = Math.min(span.to, from + REGION_MAX_RAD);
    const angles = [from];
    for (let k = Math.floor(from / STEP_RAD) + 1; k * STEP_RAD < to - 1e-9; k++) angles.push(k * STEP_RAD);
    angles.push(to);
    // Arc points between the circle polygon's corners lie on its sides, not on the circle, as the circle's cut does.
    const onPolygon = (a: number) => {
      const k = Math.floor(a / STEP_RAD);
      const half = Math.cos(STEP_RAD / 2);
      return (span.radius * half) / Math.cos(a - (k + 0.5) * STEP_RAD);
    };
    regions.push([[0, 0], ...angles.map((a): Point2 => [onPolygon(a) * Math.cos(a), onPolygon(a) * Math.sin(a)])]);
  }
  return regions;
}

/** An angle in (−π, π]. */
function wrap(angle: number): number {
  return angle - 2 * Math.PI * Math.round(angle / (2 * Math.PI));
}

/** A span with `from` in [0, 2π). */
function normalised(span: Span): Span {
  const shift = 2 * Math.PI * Math.floor(span.from / (2 * Math.PI));
  return { from: span.from - shift, to: span.to - shift, radius: span.radius };
}
