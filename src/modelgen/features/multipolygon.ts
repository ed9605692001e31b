import { pointInRing } from '../geometry/polygon.ts';
import type { OsmData, OsmRelation } from '../osm/osm-elements.ts';
import type { LonLatRing } from './map-features.ts';

/** One polygon of a multipolygon relation: an outer ring and the inner rings inside it. */
export interface RelationPolygon {
  outer: LonLatRing;
  inners: LonLatRing[];
}

/**
 * The polygons of a multipolygon (or building) relation: outer and inner rings joined from their
 * member ways (a ring may be split into several ways, in any direction), each inner ring given to the
 * outer ring that holds it. Rings that do not close (members missing from the data) are left out.
 */
export function relationPolygons(data: OsmData, relation: OsmRelation): RelationPolygon[] {
  const ways = (inner: boolean) => relation.members.filter((m) => m.type === 'way' && (m.role === 'inner') === inner).map((m) => m.ref);
  const outers = joinRings(data, ways(false));
  const inners = joinRings(data, ways(true));
  return outers.map((outer) => ({ outer, inners: inners.filter((inner) => pointInRing(inner[0], outer)) }));
}

/** Joins ways end to end into closed rings (first point not repeated). */
export function joinRings(data: OsmData, wayIds: number[]): LonLatRing[] {
  const pieces = wayIds.map((id) => data.ways.get(id)?.nodes.slice()).filter((nodes): nodes is number[] => !!nodes && nodes.length >= 2);
  const rings: number[][] = [];
  while (pieces.length > 0) {
    let ring = pieces.shift()!;
    let extended = true;
    while (ring[0] !== ring[ring.length - 1] && extended) {
      extended = false;
      const end = ring[ring.length - 1];
      const index = pieces.findIndex((p) => p[0] === end || p[p.length - 1] === end);
      if (index >= 0) {
        const piece = pieces.splice(index, 1)[0];
        ring = ring.concat((piece[0] === end ? piece : piece.reverse()).slice(1));
        extended = true;
      }
    }
    if (ring.length >= 4 && ring[0] === ring[ring.length - 1]) rings.push(ring);
  }
  return rings
    .map((nodes) => {
      const points = nodes.slice(0, -1).map((id) => data.nodes.get(id));
      return points.every(Boolean) ? points.map((n) => [n!.lon, n!.lat] as [number, number]) : undefined;
    })
    .filter((r): r is LonLatRing => !!r);
}
