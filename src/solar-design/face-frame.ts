import type { Point2 } from '../modelgen/browser.ts';

/** A 3D point or direction in the model's frame (+X east, +Y up, +Z south). */
export type Vec3 = [number, number, number];

/** A planar roof face as the GLB describes it (`roofSegments` of a building's entry in the building table). */
export interface RoofSegment {
  normal: Vec3;
  pitch: number;
  azimuth: number;
  area: number;
  outline: Vec3[];
  /** Openings in the face (courtyards, parts standing through it): no panel goes over them. */
  holes?: Vec3[][];
  /** A facet of a roof curved both ways (a dome, an onion): no panel lies on it. */
  curved?: boolean;
}

/**
 * Coordinates in the plane of a roof face: `u` runs level along the face, `v` up the slope (on a flat
 * face, or with `vTowardEquator`, toward the equator: the way racks face), both in metres from the face's
 * first corner.
 */
export class FaceFrame {
  readonly origin: Vec3;
  readonly u: Vec3;
  readonly v: Vec3;
  readonly normal: Vec3;

  /**
   * @param towardEquator - level direction toward the equator (+Z south in the northern hemisphere),
   *   used for the `v` axis of flat faces
   * @param vTowardEquator - `v` toward the equator on any face (a gently sloping face that gets racks)
   */
  constructor(segment: RoofSegment, towardEquator: Vec3, vTowardEquator = false) {
    this.origin = segment.outline[0];
    this.normal = normalise(segment.normal);
    const up: Vec3 = [0, 1, 0];
    // Up the slope: world up minus its part along the normal. Flat faces have none; use the equator.
    let v = sub(up, scale(this.normal, dot(up, this.normal)));
    if (vTowardEquator || length(v) < 0.05) v = sub(towardEquator, scale(this.normal, dot(towardEquator, this.normal)));
    this.v = normalise(v);
    this.u = normalise(cross(this.v, this.normal));
  }

  /** Plane coordinates of a 3D point (projected onto the face). */
  toPlane(point: Vec3): Point2 {
    const d = sub(point, this.origin);
    return [dot(d, this.u), dot(d, this.v)];
  }

  /** The 3D point at plane coordinates `[u, v]`, lifted `height` metres along the normal. */
  toWorld([u, v]: Point2, height = 0): Vec3 {
    return add(add(add(this.origin, scale(this.u, u)), scale(this.v, v)), scale(this.normal, height));
  }

  /** The face's outline in plane coordinates. */
  ring(segment: RoofSegment): Point2[] {
    return segment.outline.map((point) => this.toPlane(point));
  }

  /** The face's openings in plane coordinates. */
  holes(segment: RoofSegment): Point2[][] {
    return (segment.holes ?? []).map((hole) => hole.map((point) => this.toPlane(point)));
  }
}

export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
export const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const length = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);
export const normalise = (a: Vec3): Vec3 => scale(a, 1 / (length(a) || 1));
