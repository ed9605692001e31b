import type { Point2 } from '../geometry/local-frame.ts';
import { bounds } from '../geometry/polygon.ts';
import { alongRing } from '../geometry/seating.ts';
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
/** Width of the outline's sectors at the circle, metres: a tab follows its building's shape this closely. */
const SECTOR_ARC_M = 4;
/** A gap this narrow between two tabs, at the circle, is closed rather than left as a slit, metres. */
const SLIT_MAX_M = 20;
/** Spacing of the points taken along a footprint's walls, metres. */
const WALL_STEP_M = 2;

/** An angular range of the outline at one radius: `from` < `to`, radians counter-clockwise from east. */
interface Span {
  from: number;
  to: number;
  radius: number;
}

/**
 * The drawn ground's outline seen from above: the model's circle, with a tab wherever a building kept in
 * the model (it touches the circle) reaches beyond it, so no building hangs over the edge of the ground.
 * The circle is cut into narrow sectors (about 4 m wide at its edge); a sector a building reaches out
 * through reaches 5 m beyond it, so a tab follows the building's shape; slits under 20 m between tabs
 * are closed.
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
    const radii = sectorRadii(base, footprints);
    this.maxRadius = Math.max(base, ...radii);
    this.#regions = this.maxRadius === base ? undefined : spansOf(radii).flatMap((span) => (span.radius > base ? tabRegions(span, radii) : regionsOf(span))).map((ring) => ({ ring, box: bounds(ring) }));
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

/**
 * How far the outline reaches in each of its sectors: the circle, or 5 m beyond the farthest wall of a
 * building that crosses it there (buildings reaching more than {@link TAB_MAX_M} past it stay cut).
 */
function sectorRadii(base: number, footprints: readonly (readonly Point2[])[]): number[] {
  const count = Math.max(CIRCLE_SIDES, Math.ceil((2 * Math.PI * base) / SECTOR_ARC_M));
  const width = (2 * Math.PI) / count;
  const radii = new Array<number>(count).fill(base);
  for (const ring of footprints) {
    const far = Math.max(...ring.map(([x, y]) => Math.hypot(x, y)));
    if (far <= base || far > base + TAB_MAX_M) continue;
    for (const [x, y] of alongRing(ring, WALL_STEP_M)) {
      const distance = Math.hypot(x, y);
      if (distance + TAB_MARGIN_M <= base) continue;
      const angle = Math.atan2(y, x);
      const spread = TAB_MARGIN_M / distance;
      const reach = Math.ceil(distance + TAB_MARGIN_M);
      for (let k = Math.floor((angle - spread) / width); k <= Math.floor((angle + spread) / width); k++) {
        const sector = ((k % count) + count) % count;
        radii[sector] = Math.max(radii[sector], reach);
      }
    }
  }
  return closeSlits(radii, base, Math.floor(SLIT_MAX_M / ((2 * Math.PI * base) / count)));
}

/** Runs of at most `most` sectors at the circle between two tabs take the lower tab's reach. */
function closeSlits(radii: number[], base: number, most: number): number[] {
  const count = radii.length;
  const start = radii.findIndex((r) => r > base);
  if (start < 0) return radii;
  const out = radii.slice();
  for (let k = 0; k < count; ) {
    const i = (start + k) % count;
    if (radii[i] > base) {
      k += 1;
      continue;
    }
    let length = 0;
    while (length < count && radii[(i + length) % count] === base) length += 1;
    const before = radii[(i + count - 1) % count];
    const after = radii[(i + length) % count];
    if (length <= most && after > base) for (let j = 0; j < length; j++) out[(i + j) % count] = Math.min(before, after);
    k += length;
  }
  return out;
}

/** Sectors of equal reach as spans, in order over [0, 2π). */
function spansOf(radii: number[]): Span[] {
  const width = (2 * Math.PI) / radii.length;
  const spans: Span[] = [];
  radii.forEach((radius, k) => {
    const last = spans.at(-1);
    if (last && last.radius === radius) last.to = (k + 1) * width;
    else spans.push({ from: k * width, to: (k + 1) * width, radius });
  });
  return spans;
}

/**
 * A span of a tab as one triangle from the centre per sector, its far side running from the sector's
 * start to its end at the reach of the farther sector on each side: the tab's edge follows its building's
 * walls in slants, not in 4 m steps, and reaches at least as far as each sector.
 */
function tabRegions(span: Span, radii: number[]): Point2[][] {
  const count = radii.length;
  const width = (2 * Math.PI) / count;
  const reachAt = (boundary: number) => Math.max(radii[(boundary - 1 + count) % count], radii[boundary % count]);
  const regions: Point2[][] = [];
  for (let k = Math.round(span.from / width); k < Math.round(span.to / width); k++) {
    const [a, b] = [k * width, (k + 1) * width];
    const [ra, rb] = [reachAt(k), reachAt(k + 1)];
    regions.push([[0, 0], [ra * Math.cos(a), ra * Math.sin(a)], [rb * Math.cos(b), rb * Math.sin(b)]]);
  }
  return regions;
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
