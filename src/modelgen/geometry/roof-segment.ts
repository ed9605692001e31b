import { newellNormal, type Point3 } from './mesh-builder.ts';
import type { RoofFace } from './roofs/roof-types.ts';

/** A planar roof face as the viewer needs it to place panels (glTF frame: x east, y up, z south). */
export interface RoofSegment {
  /** Unit normal pointing out of the roof. */
  normal: [number, number, number];
  /** Degrees from horizontal. */
  pitch: number;
  /** Direction the face looks to, degrees: 0 = north, 90 = east, 180 = south. */
  azimuth: number;
  /** Square metres, courtyards excluded. */
  area: number;
  /** Corners of the face in order (glTF frame, metres). */
  outline: [number, number, number][];
  /** Openings in the face (courtyards, a building part standing through it), when it has any. */
  holes?: [number, number, number][][];
  /** A facet of a roof curved both ways (a dome, an onion): no panel lies on it. */
  curved?: true;
}

/** Describes a planar roof face; `base` lifts it to the building's ground elevation. */
export function describeRoofFace(face: RoofFace, base: number): RoofSegment {
  const n = newellNormal(face.outer);
  const length = Math.hypot(n[0], n[1], n[2]) || 1;
  const holesArea = face.holes.reduce((sum, hole) => sum + Math.hypot(...newellNormal(hole)) / 2, 0);
  const [e, north, up] = [n[0] / length, n[1] / length, n[2] / length];
  const pitch = (Math.acos(Math.max(-1, Math.min(1, up))) * 180) / Math.PI;
  const azimuth = pitch < 0.5 ? 180 : (((Math.atan2(e, north) * 180) / Math.PI) + 360) % 360;
  return {
    normal: [round(e, 4), round(up, 4), round(-north, 4)],
    pitch: round(pitch, 2),
    azimuth: round(azimuth, 2),
    area: round(length / 2 - holesArea, 2),
    outline: face.outer.map((p: Point3) => toGltf(p, base)),
    ...(face.holes.length > 0 ? { holes: face.holes.map((hole) => hole.map((p) => toGltf(p, base))) } : {}),
  };
}

/** A point of the model's frame (east, north, up) in the glTF frame of roof segments, lifted by `base`, to 1 cm. */
export function toGltf(p: Point3, base = 0): [number, number, number] {
  return [round(p[0], 2), round(p[2] + base, 2), round(-p[1], 2)];
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor || 0;
}
