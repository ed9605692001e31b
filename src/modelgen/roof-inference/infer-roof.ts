import type { RoofClass, RoofContext, RoofCounts } from './roof-context.ts';
import type { FootprintShape } from './footprint-shape.ts';
import { LEVEL_HEIGHT_M } from '../geometry/building-heights.ts';
import { DEFAULT_PITCH, HIPPED_PITCH, isCarPark, PITCHED_TYPES, typeGroup } from './roof-rules.ts';

/** A roof inferred for a building whose roof is neither mapped nor measured. */
export interface InferredRoof {
  /** `roof:shape` value to draw. */
  shape: string;
  /** Degrees, for pitched shapes. */
  pitch?: number;
  /** The ridge along the footprint's long side, or across it (terraces). */
  orientation?: 'along' | 'across';
  /** 0–1: how likely the shape class (flat, gabled, hipped) is right. */
  confidence: number;
  /** Whether the evidence was too weak to infer anything: the roof stays flat by default. */
  isDefault: boolean;
  /** The rule that decided, for the model's extras and the README. */
  rule: string;
}

/** Footprints larger than this, with no other evidence, stay flat. */
const LARGE_M2 = 1500;
/** House-like footprints up to this size get a pitched roof even when their outline is complex. */
const HOUSE_MAX_M2 = 600;
/** Unknown (`building=yes`) footprints in this range, low and compact, are taken for houses. */
const YES_HOUSE_M2: [number, number] = [45, 250];
const YES_MAX_LEVELS = 3;
const APARTMENT_MAX_M2 = 800;
/** A footprint this small that shares a wall with another is an annex (garage, porch, extension): flat. */
const ANNEX_M2 = 40;
/**
 * A small house-type footprint sharing at least this many metres of wall is a narrow house in a row, walled
 * in on two sides, not an annex against one wall (pitched in Liechtenstein, Wesel and Köln alike:
 * bench/roof-evidence.ts).
 */
const ROW_HOUSE_SHARED_M = 12;
const APARTMENT_MAX_LEVELS = 5;
/** A ridge turned across shared walls spans at most this much (a row house's depth), metres. */
const MAX_ACROSS_M = 30;
/**
 * The highest an inferred roof rises over its eaves, metres, and at most the height of the storeys under
 * it (`building:levels`, else two): over a wide block the usual pitch would raise a roof taller than its
 * walls (30° over 40 m: 11.5 m), so the pitch is lowered instead.
 */
const MAX_INFERRED_RISE_M = 8;
/** Weight of the rules against the local count of mapped roofs (as if this many roofs agreed). */
const RULE_WEIGHT = 6;
/** Mapped roofs of the building's own type needed before they, not its type group, give the local style. */
const MIN_TYPE_COUNT = 4;
/** Weight of the local style against the nearest mapped roofs (the street's roofs). */
const LOCAL_WEIGHT = 2;

/**
 * Infers a roof from what is known of a building: its type, levels, footprint and surroundings. The
 * rules give a probability of a pitched roof; roofs mapped nearby on buildings of the same kind (the
 * local style, which carries the region and climate) move it; the more likely class wins.
 */
export function inferRoof(tags: Record<string, string>, shape: FootprintShape, context: RoofContext): InferredRoof {
  // Whatever the street's roofs, a car park's top is its upper parking deck.
  if (isCarPark(tags)) return { shape: 'flat', confidence: 0.9, isDefault: false, rule: 'a car park: flat (its top is a parking deck)' };
  const type = tags.building && tags.building !== 'yes' ? tags.building : 'yes';
  const levels = Number.parseFloat(tags['building:levels'] ?? '');
  const shared = context.sharedLong + context.sharedShort;
  const small = shape.area < ANNEX_M2 && shared > 1;
  const rowHouse = small && typeGroup(type) === 'house' && shared >= ROW_HOUSE_SHARED_M;
  const prior = small && !rowHouse ? { p: 0.2, rule: 'small annex against another building', isDefault: false } : pitchedPrior(type, Number.isFinite(levels) ? levels : undefined, shape);
  if (rowHouse) prior.rule += `, walled in on two sides (${Math.round(shared)} m shared): a row house, not an annex`;
  const local = count(context.localType) >= MIN_TYPE_COUNT ? context.localType : context.local;
  const mapped = count(local);
  const styled = (prior.p * RULE_WEIGHT + mapped - local.flat) / (RULE_WEIGHT + mapped);
  const nearPitched = context.nearest.filter((c) => c !== 'flat').length;
  const p = (styled * LOCAL_WEIGHT + nearPitched) / (LOCAL_WEIGHT + context.nearest.length);
  const weak = prior.isDefault && mapped + context.nearest.length < RULE_WEIGHT;
  // Where the roofs around turn the rules' lean, the rule says so: "usually flat" and a pitched roof would contradict each other.
  const turned = !weak && (prior.p < 0.5) !== (p < 0.5) ? [`the roofs around outweigh the rules: ${p < 0.5 ? 'flat' : 'pitched'}`] : [];
  const evidence = [prior.rule, ...(mapped ? [`${mapped} mapped roofs around`] : []), ...(context.nearest.length ? [`${nearPitched} of the ${context.nearest.length} nearest mapped roofs pitched`] : []), ...turned].join('; ');
  if (p < 0.5 || weak) return { shape: 'flat', confidence: round(weak ? 0.5 : 1 - p), isDefault: weak, rule: evidence };
  const hipped = prefersHipped(local, context.nearest);
  const orientation = context.sharedLong > context.sharedShort + 1 && shape.length <= MAX_ACROSS_M ? 'across' : 'along';
  const span = orientation === 'across' ? shape.length : shape.width;
  const usual = hipped ? HIPPED_PITCH : (PITCHED_TYPES[type] ?? DEFAULT_PITCH);
  const rise = Math.min(MAX_INFERRED_RISE_M, (Number.isFinite(levels) && levels > 0 ? levels : 2) * LEVEL_HEIGHT_M);
  const pitch = Math.min(usual, Math.round((Math.atan(rise / (span / 2)) * 180) / Math.PI));
  return {
    shape: hipped ? 'hipped' : 'gabled',
    pitch,
    orientation,
    confidence: round(p),
    isDefault: false,
    rule: `${evidence}${orientation === 'across' ? '; ridge across shared walls' : ''}${pitch < usual ? `; ${pitch}° over its ${Math.round(span)} m span` : ''}`,
  };
}

/** Probability of a pitched roof from the type, levels and footprint alone. */
function pitchedPrior(type: string, levels: number | undefined, shape: FootprintShape): { p: number; rule: string; isDefault: boolean } {
  const group = typeGroup(type);
  const complex = shape.courtyards > 0 || (shape.rectangularity < 0.6 && shape.corners > 8);
  if (group === 'flat-type') return { p: 0.2, rule: `type ${type}: usually flat`, isDefault: false };
  if (group === 'house') {
    if (shape.area > HOUSE_MAX_M2 && complex) return { p: 0.35, rule: `type ${type}, large complex footprint`, isDefault: false };
    // `building=residential` (or house) on a tower of flats: as tall as a large block of flats, flat like one.
    if ((levels ?? 0) > APARTMENT_MAX_LEVELS) return { p: 0.3, rule: `type ${type}, ${levels} levels: a tall block`, isDefault: false };
    return { p: 0.85, rule: `type ${type}: usually pitched`, isDefault: false };
  }
  if (group === 'apartments') {
    if ((levels ?? 3) > APARTMENT_MAX_LEVELS || shape.area > APARTMENT_MAX_M2 || complex) return { p: 0.3, rule: 'apartments, large or tall', isDefault: false };
    return { p: 0.7, rule: 'apartments, small and low', isDefault: false };
  }
  if (shape.area > LARGE_M2 || complex) return { p: 0.2, rule: 'large or complex footprint, no other evidence', isDefault: true };
  const houseSized = shape.area >= YES_HOUSE_M2[0] && shape.area <= YES_HOUSE_M2[1];
  // A plain box of a house's size is usually a house; wings and recesses mark later, often flat-roofed buildings.
  const plain = shape.corners <= 5 && shape.rectangularity >= 0.9;
  if (houseSized && (levels ?? 2) <= YES_MAX_LEVELS && plain) return { p: 0.65, rule: 'house-sized, low, plain footprint', isDefault: false };
  return { p: 0.3, rule: 'not house-like', isDefault: true };
}

/**
 * Hipped where the mapped roofs around are mostly hipped; gabled otherwise. Hipped and gabled roofs are a
 * region's habit (most hipped in Moscow and Sergiev Posad, a few percent in Liechtenstein and NRW), not
 * something the outline shows: an outline-based rule (hipped on wings and recesses) was right on 4 and
 * wrong on 40 of the mapped and measured roofs it decided, in every place (bench/RESULTS.md).
 */
function prefersHipped(local: RoofCounts, nearest: RoofClass[]): boolean {
  const hipped = local.hipped + 2 * nearest.filter((c) => c === 'hipped').length;
  const gabled = local.gabled + 2 * nearest.filter((c) => c === 'gabled').length;
  return hipped + gabled >= 4 && hipped > gabled;
}

function count(counts: RoofCounts): number {
  return counts.flat + counts.gabled + counts.hipped + counts.other;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
