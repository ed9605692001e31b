import type { LocalFrame, Point2 } from '../geometry/local-frame.ts';
import { centroid, pointInRing } from '../geometry/polygon.ts';
import type { SolarFeature } from './map-features.ts';

/** A mapped PV installation in local metres. */
export interface LocalSolar {
  osmId: string;
  points: Point2[];
  tags: Record<string, string>;
}

/**
 * Which building's roof each mapped PV installation lies on: the outline containing its centre (or its
 * point). PV on no building (solar farms, carports drawn without outline) is left out.
 *
 * @returns the installations of each outline, by the outline's index
 */
export function solarByBuilding(solar: SolarFeature[], outlines: Point2[][], frame: LocalFrame): Map<number, LocalSolar[]> {
  const out = new Map<number, LocalSolar[]>();
  for (const feature of solar) {
    const points = feature.points.map(([lon, lat]) => frame.toLocal(lon, lat));
    const centre = points.length >= 3 ? centroid(points) : points[0];
    const index = outlines.findIndex((ring) => pointInRing(centre, ring));
    if (index < 0) continue;
    const list = out.get(index) ?? [];
    list.push({ osmId: feature.osmId, points, tags: feature.tags });
    out.set(index, list);
  }
  return out;
}
