import type { Point2 } from '../local-frame.ts';
import type { Point3 } from '../mesh-builder.ts';

/** A gabled roof with a ridge along every wing of its outline, each wing's end a gable (not an OSM value: a visitor's correction). */
export const CROSS_GABLED = 'cross-gabled';

/** A footprint to roof: outer ring counter-clockwise, courtyards clockwise, all in local metres. */
export interface Footprint {
  outer: Point2[];
  inners: Point2[][];
}

/** One planar roof face with its courtyard holes. */
export interface RoofFace {
  outer: Point3[];
  holes: Point3[][];
}

/** A built roof: its faces, and the height of the wall tops along the footprint (gable ends rise). */
export interface Roof {
  faces: RoofFace[];
  /** Height at which the walls end at a footprint point. */
  wallTopAt(point: Point2): number;
  /** Points where walls must be split between two footprint corners so their tops follow the roof. */
  wallBreaks(a: Point2, b: Point2): Point2[];
  /** The shape that was built (a failed shape falls back to `flat`). */
  shape: string;
}

/** Heights a roof is built between. */
export interface RoofHeights {
  wallTop: number;
  height: number;
  /** Degrees: when given, every sloped face rises at this pitch from the eaves and `height` is ignored. */
  pitch?: number;
}

/** The rise per metre of a pitch in degrees. */
export function slopeOf(pitch: number): number {
  return Math.tan((pitch * Math.PI) / 180);
}
