/**
 * The untagged evidence around a building that any OSM extract or LoD2 tile has, for the roof evidence
 * bench (bench/roof-evidence.ts): neighbours' sizes and types, the buildings it touches, repeated
 * footprints, its orientation against its neighbours, the landuse polygon it stands in (OSM only) and the
 * roof the rules infer for it today with every roof tag taken away.
 */
import type { Point2 } from '../src/modelgen/geometry/local-frame.ts';
import { centroid, distanceToSegment, pointInRing, signedArea } from '../src/modelgen/geometry/polygon.ts';
import { footprintShape } from '../src/modelgen/roof-inference/footprint-shape.ts';
import { type RoofClass, roofClass, roofContexts } from '../src/modelgen/roof-inference/roof-context.ts';
import { decideRoof } from '../src/modelgen/roof-inference/roof-decision.ts';
import { type TypeGroup, typeGroup } from '../src/modelgen/roof-inference/roof-rules.ts';

/** A footprint of a place; `truth` is its mapped or measured roof class when it is scored. */
export interface PlaceFootprint {
  tags: Record<string, string>;
  outer: Point2[];
  inners: Point2[][];
  truth?: RoofClass;
}

/** A landuse polygon of an OSM extract, local metres. */
export interface Landuse {
  value: string;
  ring: Point2[];
  area: number;
}

/** What is known of one scored building without any roof tag. */
export interface Evidence {
  place: string;
  truth: RoofClass;
  /** The roof the shipped rules infer, and the rule that decided. */
  inferred: RoofClass;
  rule: string;
  group: TypeGroup;
  area: number;
  levels?: number;
  /** Metres of wall shared with other footprints, and that over the perimeter. */
  shared: number;
  sharedShare: number;
  /** Footprints it touches, and the largest one's area. */
  touching: number;
  touchingMaxArea: number;
  /** Neighbours by centroid within 60 m and 100 m. */
  near60: number;
  near100: number;
  medianArea100?: number;
  /** Shares of the neighbours within 60 m of flat-roof types and of house types, within 100 m over 1000 m². */
  flatTypes60?: number;
  houseTypes60?: number;
  bigShare100?: number;
  /** Neighbours within 40 m whose area is within 15 % of its own (a development of repeated footprints). */
  similar40: number;
  /** Median angle, 0–45°, between its long side and those of its five nearest neighbours within 100 m. */
  turn?: number;
  /** The smallest landuse polygon it stands in (OSM extracts only). */
  landuse?: string;
}

const stripRoofTags = (tags: Record<string, string>) => Object.fromEntries(Object.entries(tags).filter(([k]) => !k.startsWith('roof:')));
const typeOf = (tags: Record<string, string>) => (tags.building && tags.building !== 'yes' ? tags.building : 'yes');
const CELL_M = 100;

/** The evidence of every scored footprint of a place, its roof inferred with every roof tag of the place removed. */
export function placeEvidence(place: string, footprints: PlaceFootprint[], landuse?: Landuse[]): Evidence[] {
  const stripped = footprints.map((f) => ({ ...f, tags: stripRoofTags(f.tags), along: footprintShape(f.outer).along }));
  const contexts = roofContexts(stripped);
  const shapes = footprints.map((f) => footprintShape(f.outer, f.inners));
  const centres = footprints.map((f) => centroid(f.outer));
  const grid = new Map<string, number[]>();
  centres.forEach(([x, y], i) => {
    const key = `${Math.floor(x / CELL_M)},${Math.floor(y / CELL_M)}`;
    grid.set(key, [...(grid.get(key) ?? []), i]);
  });
  const near = (i: number, radius: number): { j: number; d: number }[] => {
    const [x, y] = centres[i];
    const out: { j: number; d: number }[] = [];
    const reach = Math.ceil(radius / CELL_M);
    for (let cx = Math.floor(x / CELL_M) - reach; cx <= Math.floor(x / CELL_M) + reach; cx++) {
      for (let cy = Math.floor(y / CELL_M) - reach; cy <= Math.floor(y / CELL_M) + reach; cy++) {
        for (const j of grid.get(`${cx},${cy}`) ?? []) {
          const d = Math.hypot(centres[j][0] - x, centres[j][1] - y);
          if (j !== i && d <= radius) out.push({ j, d });
        }
      }
    }
    return out.sort((a, b) => a.d - b.d);
  };
  const share = (list: number[], test: (j: number) => boolean) => (list.length ? list.filter(test).length / list.length : undefined);
  const out: Evidence[] = [];
  footprints.forEach((footprint, i) => {
    if (!footprint.truth) return;
    const decided = decideRoof(stripped[i].tags, footprint.outer, footprint.inners, contexts[i]);
    const ring = footprint.outer;
    const perimeter = ring.reduce((sum, p, k) => sum + Math.hypot(ring[(k + 1) % ring.length][0] - p[0], ring[(k + 1) % ring.length][1] - p[1]), 0);
    const touching = near(i, 150).filter(({ j }) => touches(ring, footprints[j].outer));
    const near60 = near(i, 60).map((n) => n.j);
    const near100 = near(i, 100).map((n) => n.j);
    const areas100 = near100.map((j) => shapes[j].area).sort((a, b) => a - b);
    const angle = (j: number) => {
      const [a, b] = [shapes[i].along, shapes[j].along];
      const degrees = (Math.acos(Math.min(1, Math.abs(a[0] * b[0] + a[1] * b[1]))) * 180) / Math.PI;
      return Math.min(degrees, 90 - degrees);
    };
    const turns = near100.slice(0, 5).map(angle).sort((a, b) => a - b);
    const levels = Number.parseFloat(footprint.tags['building:levels'] ?? '');
    const shared = contexts[i].sharedLong + contexts[i].sharedShort;
    out.push({
      place,
      truth: footprint.truth,
      inferred: roofClass(decided.tags['roof:shape']),
      rule: decided.roofRule ?? '',
      group: typeGroup(typeOf(footprint.tags)),
      area: shapes[i].area,
      ...(Number.isFinite(levels) ? { levels } : {}),
      shared,
      sharedShare: perimeter > 0 ? shared / perimeter : 0,
      touching: touching.length,
      touchingMaxArea: Math.max(0, ...touching.map(({ j }) => shapes[j].area)),
      near60: near60.length,
      near100: near100.length,
      medianArea100: areas100.length ? areas100[Math.floor(areas100.length / 2)] : undefined,
      flatTypes60: share(near60, (j) => typeGroup(typeOf(footprints[j].tags)) === 'flat-type'),
      houseTypes60: share(near60, (j) => typeGroup(typeOf(footprints[j].tags)) === 'house'),
      bigShare100: share(near100, (j) => shapes[j].area > 1000),
      similar40: near(i, 40).filter(({ j }) => Math.abs(shapes[j].area - shapes[i].area) < 0.15 * shapes[i].area).length,
      turn: turns.length ? turns[Math.floor(turns.length / 2)] : undefined,
      landuse: landuse?.filter((l) => pointInRing(centres[i], l.ring)).sort((a, b) => a.area - b.area)[0]?.value,
    });
  });
  return out;
}

/** Whether a wall of `ring` runs along a wall of `other` (its midpoint within 0.6 m), as shared walls are found. */
function touches(ring: Point2[], other: Point2[]): boolean {
  for (let k = 0; k < ring.length; k++) {
    const [a, b] = [ring[k], ring[(k + 1) % ring.length]];
    if (Math.hypot(b[0] - a[0], b[1] - a[1]) < 1) continue;
    const mid: Point2 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    for (let m = 0; m < other.length; m++) if (distanceToSegment(mid, other[m], other[(m + 1) % other.length]) < 0.6) return true;
  }
  return false;
}

/** Area of a ring, square metres. */
export const ringArea = (ring: Point2[]) => Math.abs(signedArea(ring));
