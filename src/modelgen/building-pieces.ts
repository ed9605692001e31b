import type { BuildingFeature } from './features/map-features.ts';
import { buildingHeights } from './geometry/building-heights.ts';
import type { Point2 } from './geometry/local-frame.ts';
import { outlineRemainder, pieceArea } from './geometry/outline-remainder.ts';
import type { RoofDecision } from './roof-inference/roof-decision.ts';

/**
 * What is drawn of a building outline and its parts (Simple 3D Buildings): the parts, and of the outline
 * the storeys they stand on, a slice between them, or the rest they leave uncovered.
 */

/** A building or part projected into the model's frame, its rings cleaned and oriented. */
export interface PreparedBuilding {
  feature: BuildingFeature;
  outer: Point2[];
  inners: Point2[][];
}

/** What is drawn of one prepared building: the whole of it, or pieces of an outline its parts leave uncovered. */
export interface DrawnPiece {
  building: PreparedBuilding;
  osmId: string;
  roof: RoofDecision;
}

/** Building parts covering less than this share of their outline leave the rest of it to the outline. */
const PARTS_COVER_WHOLE = 0.8;

/**
 * Simple 3D Buildings: an outline with parts is drawn by its parts, except the storeys under parts that
 * all stand above the ground (drawn up to the lowest), a slice they leave empty (drawn whole, carrying
 * them) and, where the parts cover under 80 % of it and its height is that of the
 * mass they rise from, the rest they leave uncovered (the arms of a cathedral whose drum and domes are
 * parts). Both carry the outline's mapped roof, else a flat one: a roof inferred for the whole outline
 * does not fit what is left of it.
 */
export function piecesToDraw(index: number, prepared: PreparedBuilding[], partsOf: Map<number, number[]>, roofs: RoofDecision[]): DrawnPiece[] {
  const building = prepared[index];
  const osmId = building.feature.osmId;
  const parts = partsOf.get(index)?.map((part) => prepared[part]);
  if (!parts) return [{ building, osmId, roof: roofs[index] }];
  const mappedOr = (rule: string) => (roofs[index].roofSource === 'osm-tag' ? roofs[index] : flatRoof(roofs[index], rule));
  // Judged on the mapped tags: an inferred roof would raise the slice into its parts.
  const partTags = parts.map((part) => part.feature.tags);
  const under = storeysUnderFloatingParts(building.feature.tags, partTags);
  if (under !== undefined) return [{ building, osmId, roof: storeysUnder(roofs[index], under) }];
  if (isSliceBetweenParts(building.feature.tags, partTags)) return [{ building, osmId, roof: mappedOr('the storeys under its building parts: flat') }];
  if (!isMassUnderParts(building.feature.tags, partTags)) return [];
  const rest = outlineRemainder(building, parts);
  if (rest.reduce((sum, piece) => sum + pieceArea(piece), 0) <= (1 - PARTS_COVER_WHOLE) * pieceArea(building)) return [];
  return rest.map((piece, k) => ({
    building: { feature: building.feature, ...piece },
    osmId: k === 0 ? osmId : `${osmId}#rest${k}`,
    roof: mappedOr('the rest of an outline its building parts leave uncovered: flat'),
  }));
}

/**
 * Whether an outline's mapped height describes the mass its parts rise from or stand beside, so that
 * what they leave uncovered may be drawn at it: the height is mapped (a guessed one would be a slab over
 * open ground), and no part is lower than it, which would stand in a pit (a station's barrel halls inside
 * walls at the outline's height; an outline whose height is its tower's).
 */
function isMassUnderParts(outlineTags: Record<string, string>, partTags: Record<string, string>[]): boolean {
  const outline = buildingHeights(outlineTags, 10);
  if (outline.guessed.includes('height')) return false;
  return partTags.every((tags) => {
    const part = buildingHeights(tags, 10);
    // A part of unknown height says nothing of it (one of Helsinki Cathedral's thirteen).
    return part.guessed.includes('height') || part.minHeight >= outline.height - 0.5 || part.wallTop >= outline.height - 0.5;
  });
}

/** A part whose walls start this high stands on something, metres. */
const FLOATING_M = 1;

/**
 * The height of the storeys an outline holds under its building parts when every part stands above the
 * ground (`min_height`, `building:min_level`) and nothing else holds them up: the outline up to the
 * lowest part's bottom, or to its own mapped height where that is lower (Helsinki University's main
 * building: no height on the outline, its one part from the third storey; the Kiseleffin house: 2.5
 * storeys on the outline, parts from 6 and 9 m). Undefined where a part reaches the ground.
 */
function storeysUnderFloatingParts(outlineTags: Record<string, string>, partTags: Record<string, string>[]): number | undefined {
  const bottoms = partTags.map((tags) => buildingHeights(tags, 10).minHeight);
  const lowest = Math.min(...bottoms);
  if (!(lowest >= FLOATING_M)) return undefined;
  const outline = buildingHeights(outlineTags, 10);
  return outline.guessed.includes('height') ? lowest : Math.min(outline.height, lowest);
}

/** The outline drawn as the storeys under its parts: from its own bottom to `height`, flat. */
function storeysUnder(decided: RoofDecision, height: number): RoofDecision {
  const { tags } = flatRoof(decided, '');
  const kept = Object.fromEntries(Object.entries(tags).filter(([key]) => !['height', 'building:levels', 'roof:height', 'roof:levels', 'roof:angle'].includes(key)));
  return { tags: { ...kept, height: String(height) }, roofSource: 'default', roofRule: 'the storeys under its building parts, up to the lowest: flat' };
}

/** A roof made flat where the building's own roof does not fit, saying why. */
function flatRoof(decided: RoofDecision, rule: string): RoofDecision {
  const mapped = Object.fromEntries(Object.entries(decided.tags).filter(([key]) => !decided.roofInferred?.includes(key)));
  return { tags: { ...mapped, 'roof:shape': 'flat' }, roofSource: 'default', roofRule: rule };
}

/**
 * Whether an outline with parts is a slice no part fills: its own mapped height range (`height`, or
 * `building:levels`) lies between the parts, none reaching into it (Berlin's Victory Column: the main
 * pedestal mapped on the outline, 1.8 to 9.2 m, the steps below it and the colonnade and column above it
 * as parts; Helsinki's blocks with two or three storeys on the outline and the upper floors as parts).
 * Hidden as Simple 3D Buildings asks, those floated over nothing. Outlines mapped as the whole building
 * overlap their parts and stay hidden.
 */
function isSliceBetweenParts(outlineTags: Record<string, string>, partTags: Record<string, string>[]): boolean {
  const outline = buildingHeights(outlineTags, 10);
  if (outline.guessed.includes('height') || outline.height - outline.minHeight < 0.5) return false;
  return partTags.every((tags) => {
    const part = buildingHeights(tags, 10);
    return part.height <= outline.minHeight + 0.1 || part.minHeight >= outline.height - 0.1;
  });
}
