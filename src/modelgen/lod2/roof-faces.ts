import type { Point3 } from '../geometry/mesh-builder.ts';
import { pointInRing } from '../geometry/polygon.ts';
import { planeOf } from './polygon-3d.ts';

/** A roof polygon in the model's frame (metres east, north, up), facing up. */
export interface FlatPolygon {
  outer: Point3[];
  holes: Point3[][];
}

/** One roof face: the coplanar, edge-sharing polygons it is made of, its outline, plane and area. */
export interface MeasuredFace {
  polygons: FlatPolygon[];
  /** The face's outer boundary (counter-clockwise seen from above). */
  outline: Point3[];
  /** Its openings (courtyards, a part standing through it): the inner rings of its boundary. */
  holes: Point3[][];
  /** Unit normal, area-weighted over its polygons. */
  normal: Point3;
  /** Square metres, holes excluded. */
  area: number;
}

/** Normals closer than this (degrees) and centroids within PLANE_M of each other's plane make one face. */
const PLANE_DEGREES = 2;
const PLANE_M = 0.1;
/** Vertices closer than this (metres) are the same corner when looking for shared edges. */
const SNAP_M = 0.01;

/**
 * Groups a building's roof polygons into faces: polygons that share an edge and lie in one plane are one
 * face (data split planes into triangles or strips; a panel layout needs the whole plane). The outline
 * is the boundary left when the shared edges cancel out; where it cannot be traced (edges meeting in
 * T-junctions) the face keeps its largest polygon's ring as outline, so panels stay on the roof.
 */
export function mergeCoplanar(polygons: FlatPolygon[]): MeasuredFace[] {
  const planes = polygons.map((p) => ({ ...planeOf(p.outer, p.holes), centroid: centroid(p.outer) }));
  const parent = polygons.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const cosLimit = Math.cos((PLANE_DEGREES * Math.PI) / 180);
  const byEdge = new Map<string, number[]>();
  polygons.forEach((polygon, i) => {
    for (const [a, b] of edges(polygon.outer)) {
      const key = edgeKey(a, b);
      const list = byEdge.get(key) ?? [];
      for (const j of list) {
        if (find(i) === find(j)) continue;
        const [p, q] = [planes[i], planes[j]];
        const dot = p.normal[0] * q.normal[0] + p.normal[1] * q.normal[1] + p.normal[2] * q.normal[2];
        if (dot >= cosLimit && Math.abs(distanceToPlane(q.centroid, p.normal, p.centroid)) <= PLANE_M && Math.abs(distanceToPlane(p.centroid, q.normal, q.centroid)) <= PLANE_M) parent[find(i)] = find(j);
      }
      list.push(i);
      byEdge.set(key, list);
    }
  });
  const groups = new Map<number, number[]>();
  polygons.forEach((_, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), i]));
  return [...groups.values()].map((members) => face(members.map((i) => polygons[i]), members.map((i) => planes[i])));
}

function face(polygons: FlatPolygon[], planes: { normal: Point3; area: number }[]): MeasuredFace {
  const area = planes.reduce((sum, p) => sum + p.area, 0);
  const sum = planes.reduce<Point3>((s, p) => [s[0] + p.normal[0] * p.area, s[1] + p.normal[1] * p.area, s[2] + p.normal[2] * p.area], [0, 0, 0]);
  const length = Math.hypot(...sum) || 1;
  const largest = polygons[planes.indexOf(planes.reduce((a, b) => (b.area > a.area ? b : a)))];
  const traced = polygons.length === 1 ? polygons[0] : (traceBoundary(polygons) ?? largest);
  return { polygons, outline: traced.outer, holes: traced.holes, normal: [sum[0] / length, sum[1] / length, sum[2] / length], area };
}

/**
 * The boundary of edge-sharing polygons: every edge not shared, chained into rings; the largest ring is
 * the outline, the rings inside it seen from above its openings.
 */
function traceBoundary(polygons: FlatPolygon[]): FlatPolygon | undefined {
  const rings = traceRings(polygons);
  if (!rings) return undefined;
  const outer = rings.reduce((a, b) => (planeOf(b).area > planeOf(a).area ? b : a));
  const plan = (ring: Point3[]) => ring.map(([x, y]): [number, number] => [x, y]);
  const holes = rings.filter((ring) => ring !== outer && pointInRing(plan(ring)[0], plan(outer)));
  return { outer, holes };
}

/** The rings of the edges not shared between the polygons, or undefined where they do not close. */
function traceRings(polygons: FlatPolygon[]): Point3[][] | undefined {
  const directed = new Map<string, { from: Point3; to: Point3; toKey: string }>();
  for (const polygon of polygons) {
    for (const ring of [polygon.outer, ...polygon.holes]) {
      for (const [a, b] of edges(ring)) {
        const reverse = `${pointKey(b)}>${pointKey(a)}`;
        if (directed.has(reverse)) directed.delete(reverse);
        else directed.set(`${pointKey(a)}>${pointKey(b)}`, { from: a, to: b, toKey: pointKey(b) });
      }
    }
  }
  const next = new Map<string, { from: Point3; toKey: string; key: string }[]>();
  for (const [key, edge] of directed) {
    const fromKey = key.split('>')[0];
    next.set(fromKey, [...(next.get(fromKey) ?? []), { from: edge.from, toKey: edge.toKey, key }]);
  }
  const used = new Set<string>();
  const rings: Point3[][] = [];
  for (const [start, list] of next) {
    for (const first of list) {
      if (used.has(first.key)) continue;
      const ring: Point3[] = [];
      let edge: { from: Point3; toKey: string; key: string } | undefined = first;
      while (edge && !used.has(edge.key)) {
        used.add(edge.key);
        ring.push(edge.from);
        if (edge.toKey === start) break;
        edge = next.get(edge.toKey)?.find((e) => !used.has(e.key));
      }
      if (!edge || edge.toKey !== start) return undefined;
      rings.push(ring);
    }
  }
  return rings.length > 0 ? rings : undefined;
}

function edges(ring: Point3[]): [Point3, Point3][] {
  return ring.map((p, i) => [p, ring[(i + 1) % ring.length]]);
}

function pointKey(p: Point3): string {
  return `${Math.round(p[0] / SNAP_M)},${Math.round(p[1] / SNAP_M)},${Math.round(p[2] / SNAP_M)}`;
}

function edgeKey(a: Point3, b: Point3): string {
  const [ka, kb] = [pointKey(a), pointKey(b)];
  return ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
}

function centroid(ring: Point3[]): Point3 {
  const n = ring.length;
  return [ring.reduce((s, p) => s + p[0], 0) / n, ring.reduce((s, p) => s + p[1], 0) / n, ring.reduce((s, p) => s + p[2], 0) / n];
}

function distanceToPlane(point: Point3, normal: Point3, origin: Point3): number {
  return (point[0] - origin[0]) * normal[0] + (point[1] - origin[1]) * normal[1] + (point[2] - origin[2]) * normal[2];
}
