import type { Point2 } from '../geometry/local-frame.ts';
import { minimumBoundingRectangle } from '../geometry/roofs/roof-outline.ts';
import { roofContexts } from './roof-context.ts';
import { decideRoof, type RoofDecision } from './roof-decision.ts';

/** A building as the roof decisions need it. */
export interface RoofedFootprint {
  outer: Point2[];
  inners: Point2[][];
  tags: Record<string, string>;
}

/**
 * Decides the roofs of all buildings of a model together (neighbours share walls and style), for HD
 * and SD models alike.
 */
export function decideRoofs(buildings: RoofedFootprint[]): RoofDecision[] {
  const contexts = roofContexts(buildings.map((b) => ({ outer: b.outer, tags: b.tags, along: minimumBoundingRectangle(b.outer).along })));
  return buildings.map((b, i) => decideRoof(b.tags, b.outer, b.inners, contexts[i]));
}

/** The node extras that say where a building's roof comes from: `roofSource`, and for inferred roofs `roofConfidence`, `roofInferred`, `roofRule`. */
export function roofProvenanceExtras(decision: RoofDecision): Record<string, unknown> {
  return {
    roofSource: decision.roofSource,
    ...(decision.roofConfidence !== undefined ? { roofConfidence: decision.roofConfidence } : {}),
    ...(decision.roofInferred ? { roofInferred: decision.roofInferred } : {}),
    ...(decision.roofRule ? { roofRule: decision.roofRule } : {}),
  };
}

/** Counts of drawn roofs per source, for the model's `asset.extras.roofSources`. */
export function countRoofSources(sources: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const source of sources) counts[source] = (counts[source] ?? 0) + 1;
  return counts;
}
