import { newellNormal, type Point3 } from '../geometry/mesh-builder.ts';
import type { Lod2Point } from './lod2-types.ts';

const METRES_PER_DEGREE = 111_319.49;

/** A ring of WGS84 vertices in metres east, north and up of its first vertex (enough for one building's planes). */
export function metricRing(ring: Lod2Point[]): Point3[] {
  const [lon0, lat0] = ring[0];
  const cos = Math.cos((lat0 * Math.PI) / 180);
  return ring.map(([lon, lat, z]) => [(lon - lon0) * METRES_PER_DEGREE * cos, (lat - lat0) * METRES_PER_DEGREE, z]);
}

/** The up component of a ring's unit normal: 1 facing up, −1 facing down, 0 vertical. */
export function upwardness(ring: Lod2Point[]): number {
  const n = newellNormal(metricRing(ring));
  const length = Math.hypot(n[0], n[1], n[2]);
  return length === 0 ? 0 : n[2] / length;
}

/** Unit normal and area of a planar polygon in metres (holes subtracted). */
export function planeOf(outer: Point3[], holes: Point3[][] = []): { normal: Point3; area: number } {
  const n = newellNormal(outer);
  const length = Math.hypot(n[0], n[1], n[2]);
  const holeArea = holes.reduce((sum, hole) => sum + Math.hypot(...newellNormal(hole)) / 2, 0);
  return { normal: length === 0 ? [0, 0, 1] : [n[0] / length, n[1] / length, n[2] / length], area: length / 2 - holeArea };
}

/** Pitch (degrees from horizontal) and azimuth (degrees, 0 north, 90 east) of an upward unit normal. */
export function pitchAzimuth(normal: Point3): { pitch: number; azimuth: number } {
  const pitch = (Math.acos(Math.max(-1, Math.min(1, normal[2]))) * 180) / Math.PI;
  const azimuth = (((Math.atan2(normal[0], normal[1]) * 180) / Math.PI) + 360) % 360;
  return { pitch, azimuth };
}
