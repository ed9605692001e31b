import type { BuildingFeature, LonLatRing, MapFeatures } from './map-features.ts';

/**
 * The features without building ways (not parts) that are the outer ring of a building multipolygon and
 * say nothing else of its volume: mapped both ways (the way keeps an old `building` tag), the building
 * was drawn twice, one volume through the other and over its courtyard (Helsinki way/122595213 in
 * relation/1688819). The relation, which holds the courtyards and the current tags, is kept.
 */
export function withoutDuplicateOutlines(features: MapFeatures): MapFeatures {
  const relations = new Map(features.buildings.filter((b) => b.osmId.startsWith('relation/') && b.kind === 'building').map((b) => [cornerSet(b.outer), b]));
  if (relations.size === 0) return features;
  const duplicate = (b: BuildingFeature) => {
    if (!b.osmId.startsWith('way/') || b.kind !== 'building' || b.inners.length > 0) return false;
    const relation = relations.get(cornerSet(b.outer));
    // A way that says something else of its heights is another slice of the building, not a copy.
    return relation !== undefined && SHAPE_KEYS.every((key) => b.tags[key] === undefined || b.tags[key] === relation.tags[key]);
  };
  return { ...features, buildings: features.buildings.filter((b) => !duplicate(b)) };
}

/** Tags that give a building its volume: a way differing from its relation in one of them is kept. */
const SHAPE_KEYS = ['height', 'min_height', 'building:levels', 'building:min_level', 'roof:shape', 'roof:height', 'roof:levels'];

function cornerSet(ring: LonLatRing): string {
  return ring.map(([lon, lat]) => `${lon.toFixed(7)},${lat.toFixed(7)}`).sort().join(';');
}
