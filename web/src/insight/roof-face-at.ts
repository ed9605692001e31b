import type { Intersection } from 'three';
import { pointInRing } from '../../../src/modelgen/browser.ts';
import { FaceFrame, type RoofSegment, type Vec3 } from '../../../src/solar-design/index.ts';
import type { ModelBuildings } from '../viewer/model-buildings.ts';
import { roofSegmentsAtHit } from '../wizard/roof-picker.ts';

/** How far off a face's plane a picked point may lie and still be on it, metres. */
const ON_PLANE = 0.6;

/** The roof face of the hit building (from the model's building table) a pick landed on, or undefined. */
export function roofFaceAt(hit: Intersection, buildings: ModelBuildings | undefined): RoofSegment | undefined {
  const segments = roofSegmentsAtHit(hit, buildings);
  const point: Vec3 = [hit.point.x, hit.point.y, hit.point.z];
  let best: { segment: RoofSegment; distance: number } | undefined;
  for (const segment of segments) {
    if (segment.outline.length < 3) continue;
    const frame = new FaceFrame(segment, [0, 0, 1]);
    const d = point.map((x, k) => x - segment.outline[0][k]);
    const distance = Math.abs(d[0] * frame.normal[0] + d[1] * frame.normal[1] + d[2] * frame.normal[2]);
    if (distance > ON_PLANE || !pointInRing(frame.toPlane(point), frame.ring(segment))) continue;
    if (!best || distance < best.distance) best = { segment, distance };
  }
  return best?.segment;
}
