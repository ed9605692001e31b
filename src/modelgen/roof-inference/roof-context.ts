import type { Point2 } from '../geometry/local-frame.ts';
import { BoxGrid } from '../geometry/box-grid.ts';
import { bounds, distanceToSegment } from '../geometry/polygon.ts';
import { typeGroup } from './roof-rules.ts';

/** Shape classes the counts of mapped roofs are kept in. */
export type RoofClass = 'flat' | 'gabled' | 'hipped' | 'other';

/** Mapped roofs of one type group around a building. */
export type RoofCounts = Record<RoofClass, number>;

/** What a building's surroundings say about its roof. */
export interface RoofContext {
  /** Metres of its outline shared with other buildings along its long sides and along its short sides. */
  sharedLong: number;
  sharedShort: number;
  /** Roofs mapped around it (LOCAL_RADIUS_M) on buildings of its type group, its own excluded (parts' domes and spires not counted). */
  local: RoofCounts;
  /** Roofs mapped around it on buildings of its own `building=*` value. */
  localType: RoofCounts;
  /** The classes of the NEAREST_COUNT nearest mapped roofs within NEAREST_M, of any type. */
  nearest: RoofClass[];
}

/** A footprint as the context needs it. */
export interface ContextFootprint {
  outer: Point2[];
  tags: Record<string, string>;
  /** Unit vector along the long side of its bounding rectangle. */
  along: Point2;
}

/** Mapped roofs within this distance describe the local building style. */
export const LOCAL_RADIUS_M = 1500;
/** Two walls closer than this are one shared wall (terraces, semi-detached houses, blocks). */
const SHARED_WALL_M = 0.6;
/** The nearest mapped roofs, up to this many within this distance, are the building's street. */
const NEAREST_COUNT = 3;
const NEAREST_M = 80;

/** The class of a `roof:shape` value. */
export function roofClass(shape: string): RoofClass {
  if (shape === 'flat') return 'flat';
  if (shape === 'gabled' || shape === 'hipped') return shape;
  return 'other';
}

/** The context of every footprint: shared walls with its neighbours and the roofs mapped around it. */
export function roofContexts(footprints: ContextFootprint[]): RoofContext[] {
  const grid = edgeGrid(footprints);
  // A building part's dome, cone or onion caps a tower of one mapped 3D building: not the street's roofs.
  const isStyle = (tags: Record<string, string>) => Boolean(tags['roof:shape']) && !(tags['building:part'] && !tags.building && roofClass(tags['roof:shape']) === 'other');
  const tagged = footprints.flatMap((f, index) => (isStyle(f.tags) ? [{ index, centre: f.outer[0], type: typeOf(f.tags), cls: roofClass(f.tags['roof:shape']) }] : []));
  return footprints.map((footprint, index) => {
    const { sharedLong, sharedShort } = sharedWalls(footprint, index, grid);
    const type = typeOf(footprint.tags);
    const group = typeGroup(type);
    const local: RoofCounts = { flat: 0, gabled: 0, hipped: 0, other: 0 };
    const localType: RoofCounts = { flat: 0, gabled: 0, hipped: 0, other: 0 };
    const near: { distance: number; cls: RoofClass }[] = [];
    const [x, y] = footprint.outer[0];
    for (const t of tagged) {
      if (t.index === index) continue;
      const distance = Math.hypot(t.centre[0] - x, t.centre[1] - y);
      if (distance > LOCAL_RADIUS_M) continue;
      if (typeGroup(t.type) === group) local[t.cls] += 1;
      if (t.type === type) localType[t.cls] += 1;
      if (distance <= NEAREST_M) near.push({ distance, cls: t.cls });
    }
    const nearest = near.sort((a, b) => a.distance - b.distance).slice(0, NEAREST_COUNT).map((n) => n.cls);
    return { sharedLong, sharedShort, local, localType, nearest };
  });
}

function typeOf(tags: Record<string, string>): string {
  return tags.building && tags.building !== 'yes' ? tags.building : 'yes';
}

type Edge = { owner: number; a: Point2; b: Point2 };

function edgeGrid(footprints: ContextFootprint[]): BoxGrid<Edge> {
  const grid = new BoxGrid<Edge>();
  footprints.forEach((footprint, owner) => {
    const ring = footprint.outer;
    for (let i = 0; i < ring.length; i++) {
      const edge = { owner, a: ring[i], b: ring[(i + 1) % ring.length] };
      grid.add(bounds([edge.a, edge.b]), edge);
    }
  });
  return grid;
}

/** Lengths of the footprint's walls that another footprint's wall runs along, split by the wall's direction. */
function sharedWalls(footprint: ContextFootprint, index: number, grid: BoxGrid<Edge>): { sharedLong: number; sharedShort: number } {
  let sharedLong = 0;
  let sharedShort = 0;
  const ring = footprint.outer;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length < 1) continue;
    const mid: Point2 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const others = grid.at(mid[0], mid[1]);
    if (!others.some((e) => e.owner !== index && distanceToSegment(mid, e.a, e.b) < SHARED_WALL_M)) continue;
    // A wall parallel to the long axis is on a long side.
    const alongness = Math.abs(((b[0] - a[0]) * footprint.along[0] + (b[1] - a[1]) * footprint.along[1]) / length);
    if (alongness > Math.SQRT1_2) sharedLong += length;
    else sharedShort += length;
  }
  return { sharedLong, sharedShort };
}
