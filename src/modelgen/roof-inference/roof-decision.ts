import type { Point2 } from '../geometry/local-frame.ts';
import { footprintShape } from './footprint-shape.ts';
import { inferRoof } from './infer-roof.ts';
import type { RoofContext } from './roof-context.ts';

/** Where a building's roof comes from, as the model's extras name it (`lod2:<dataset>` for measured roofs). */
export type RoofSource = 'osm-tag' | 'inferred' | 'default';

/** The roof to draw and how it was decided. */
export interface RoofDecision {
  /** The building's tags with the inferred roof tags added (`roof:shape`, `roof:angle`, `roof:orientation`). */
  tags: Record<string, string>;
  roofSource: RoofSource;
  /** For inferred roofs: 0–1, how likely the inferred shape class is right. */
  roofConfidence?: number;
  /** For inferred roofs: the roof values that were inferred. */
  roofInferred?: string[];
  /** For inferred and default roofs: the rule that decided. */
  roofRule?: string;
}

/**
 * Decides a building's roof: a mapped `roof:shape` is drawn as mapped; a roof on posts or a building
 * part without one stays flat by default; every other building gets an inferred roof.
 */
export function decideRoof(tags: Record<string, string>, outer: Point2[], inners: Point2[][], context: RoofContext): RoofDecision {
  if (tags['roof:shape']) return { tags, roofSource: 'osm-tag' };
  // Parts are pieces of a mapped 3D building: their mapper drew the roof they meant; a roof on posts is a canopy.
  if (tags['building:part'] || tags.building === 'roof') return { tags: { ...tags, 'roof:shape': 'flat' }, roofSource: 'default', roofRule: tags['building:part'] ? 'building part without roof:shape' : 'roof on posts' };
  const roof = inferRoof(tags, footprintShape(outer, inners), context);
  if (roof.isDefault) return { tags: { ...tags, 'roof:shape': 'flat' }, roofSource: 'default', roofRule: roof.rule };
  const added: Record<string, string> = { 'roof:shape': roof.shape };
  if (roof.pitch !== undefined && !tags['roof:angle'] && !tags['roof:height']) added['roof:angle'] = String(roof.pitch);
  if (roof.orientation && !tags['roof:orientation']) added['roof:orientation'] = roof.orientation;
  return { tags: { ...tags, ...added }, roofSource: 'inferred', roofConfidence: roof.confidence, roofInferred: Object.keys(added), roofRule: roof.rule };
}
