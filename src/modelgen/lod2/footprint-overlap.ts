import type { Point2 } from '../geometry/local-frame.ts';
import { bounds, pointInRing } from '../geometry/polygon.ts';

/** Share of an OSM footprint a measured building must cover for the measured one to be drawn instead. */
export const REPLACE_SHARE = 0.5;
/** Points sampled over a footprint to measure the share. */
const SAMPLES = 400;

type Box = ReturnType<typeof bounds>;

/** Measured footprints (each one or more rings) with their boxes, for overlap tests. */
export class CoverIndex {
  readonly #covers: { rings: Point2[][]; box: Box }[];

  constructor(footprints: Point2[][][]) {
    this.#covers = footprints.map((rings) => ({ rings, box: bounds(rings.flat()) }));
  }

  /**
   * The share of a footprint (outer ring minus courtyards) that measured footprints cover, by sampling
   * a grid of about SAMPLES points over it: footprints of two sources never share exact vertices, and
   * a share is all the decision needs.
   */
  coveredShare(outer: Point2[], inners: Point2[][]): number {
    const box = bounds(outer);
    const candidates = this.#covers.filter((c) => c.box.minX <= box.maxX && c.box.maxX >= box.minX && c.box.minY <= box.maxY && c.box.maxY >= box.minY);
    if (candidates.length === 0) return 0;
    const step = Math.max(0.25, Math.sqrt(((box.maxX - box.minX) * (box.maxY - box.minY)) / SAMPLES));
    let inside = 0;
    let covered = 0;
    for (let x = box.minX + step / 2; x < box.maxX; x += step) {
      for (let y = box.minY + step / 2; y < box.maxY; y += step) {
        const p: Point2 = [x, y];
        if (!pointInRing(p, outer) || inners.some((ring) => pointInRing(p, ring))) continue;
        inside += 1;
        if (candidates.some((c) => c.rings.some((ring) => pointInRing(p, ring)))) covered += 1;
      }
    }
    return inside === 0 ? 0 : covered / inside;
  }
}
