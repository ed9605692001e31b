import type { BuildingFeature, LonLatRing, MapFeatures } from './map-features.ts';

/**
 * The features without building ways that are the outer ring of a building multipolygon of the same
 * kind: mapped both ways (the way keeps an old `building` tag), the building was drawn twice, one
 * volume through the other and over its courtyard (Helsinki way/122595213 in relation/1688819). The
 * relation, which holds the courtyards and the current tags, is kept.
 */
export function withoutDuplicateOutlines(features: MapFeatures): MapFeatures {
  const relationRings = new Set(features.buildings.filter((b) => b.osmId.startsWith('relation/')).map(ringKey));
  if (relationRings.size === 0) return features;
  const duplicate = (b: BuildingFeature) => b.osmId.startsWith('way/') && b.inners.length === 0 && relationRings.has(ringKey(b));
  return { ...features, buildings: features.buildings.filter((b) => !duplicate(b)) };
}

/** A ring's corners, whatever its start and direction, with its kind (a part is not its building). */
function ringKey(building: BuildingFeature): string {
  return `${building.kind}:${cornerSet(building.outer)}`;
}

function cornerSet(ring: LonLatRing): string {
  return ring.map(([lon, lat]) => `${lon.toFixed(7)},${lat.toFixed(7)}`).sort().join(';');
}
