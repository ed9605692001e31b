import { compareOsmIds } from '../features/map-features.ts';
import { BoxGrid } from '../geometry/box-grid.ts';
import type { Point2 } from '../geometry/local-frame.ts';
import { bounds, centroid, distanceToSegment, pointInRing, signedArea } from '../geometry/polygon.ts';
import type { AddressedBuilding } from './house-numbers.ts';

/** A drawn building as its addresses are read from it: outline, courtyards and tags. */
export interface BuildingOutline {
  /** OSM id: addresses are read in its order, whatever the map source's order. */
  id: string;
  /** Outer ring, local metres. */
  outer: Point2[];
  inners: Point2[][];
  tags: Record<string, string>;
}

/** An address point in the model's frame. */
export interface LocalAddressPoint {
  /** OSM id of the node. */
  id: string;
  at: Point2;
  number: string;
  street?: string;
}

/**
 * An address point this close to a building's outline, outside it, is its entrance or a point placed on the
 * wall with the mapping tool's rounding, metres.
 */
const ON_OUTLINE_M = 1;

/** The same address mapped on buildings this near each other (a house and its garage) is written once, metres. */
const SAME_ADDRESS_M = 60;

/**
 * The house numbers of the drawn buildings: each building's own (`addr:housenumber` on its outline), then
 * those of the address points inside it or on its outline (the smallest building holding a point takes it,
 * as a house inside a larger complex), each number once per building and street. A point's number is
 * written where the point is, so a block with several entrances gets each entrance's number in front of it.
 * An address found on several buildings near each other goes to the largest. Buildings and points are
 * taken in the order of their OSM ids, so every map source gives the same numbers.
 */
export function buildingAddresses(buildings: BuildingOutline[], points: LocalAddressPoint[]): AddressedBuilding[] {
  const areas = buildings.map((building) => Math.abs(signedArea(building.outer)));
  const found: { index: number; address: AddressedBuilding }[] = [];
  const known = buildings.map((): { number: string; street?: string }[] => []);
  // The same number, on the same street or where either leaves the street out, is the same address.
  const isKnown = (index: number, number: string, street?: string) =>
    known[index].some((seen) => seen.number === number.trim() && (!seen.street || !street?.trim() || seen.street === street.trim()));
  const add = (index: number, address: AddressedBuilding) => {
    known[index].push({ number: address.number.trim(), street: address.street?.trim() });
    found.push({ index, address });
  };
  const order = buildings.map((_, index) => index).sort((a, b) => compareOsmIds(buildings[a].id, buildings[b].id));
  for (const index of order) {
    const building = buildings[index];
    const number = building.tags['addr:housenumber'];
    const street = building.tags['addr:street'];
    if (number?.trim()) add(index, { outer: building.outer, number, ...(street ? { street } : {}) });
  }
  const holder = holderLookup(buildings, areas);
  for (const point of [...points].sort((a, b) => compareOsmIds(a.id, b.id))) {
    const index = holder(point.at);
    if (index === undefined || isKnown(index, point.number, point.street)) continue;
    add(index, { outer: buildings[index].outer, number: point.number, at: point.at, ...(point.street ? { street: point.street } : {}) });
  }
  return onceNearby(found, areas);
}

/**
 * The addresses with those repeated on another building within SAME_ADDRESS_M (same number and street)
 * left to the largest of them; the order kept.
 */
function onceNearby(found: { index: number; address: AddressedBuilding }[], areas: number[]): AddressedBuilding[] {
  const place = ({ address }: (typeof found)[number]) => address.at ?? centroid(address.outer);
  const bySize = [...found].sort((a, b) => areas[b.index] - areas[a.index]);
  const kept = new Set<(typeof found)[number]>();
  const groups = new Map<string, (typeof found)[number][]>();
  for (const entry of bySize) {
    const street = entry.address.street?.trim();
    const group = street ? `${entry.address.number.trim()}\u0000${street}` : undefined;
    const same = group ? (groups.get(group) ?? []) : [];
    const [x, y] = place(entry);
    if (same.some((other) => other.index !== entry.index && Math.hypot(place(other)[0] - x, place(other)[1] - y) < SAME_ADDRESS_M)) continue;
    kept.add(entry);
    if (group) groups.set(group, [...same, entry]);
  }
  return found.filter((entry) => kept.has(entry)).map((entry) => entry.address);
}

/**
 * The index of the building holding a point: the smallest it lies inside (not in a courtyard), else the
 * nearest whose outline it lies on; found through a grid of their boxes.
 */
function holderLookup(buildings: BuildingOutline[], areas: number[]): (p: Point2) => number | undefined {
  const grid = new BoxGrid<number>();
  buildings.forEach((building, index) => {
    const box = bounds(building.outer);
    grid.add({ minX: box.minX - ON_OUTLINE_M, minY: box.minY - ON_OUTLINE_M, maxX: box.maxX + ON_OUTLINE_M, maxY: box.maxY + ON_OUTLINE_M }, index);
  });
  const inside = (building: BuildingOutline, p: Point2) => pointInRing(p, building.outer) && !building.inners.some((ring) => pointInRing(p, ring));
  return (p) => {
    let within: number | undefined;
    let onOutline: { index: number; distance: number } | undefined;
    for (const index of grid.near({ minX: p[0], minY: p[1], maxX: p[0], maxY: p[1] })) {
      const building = buildings[index];
      if (inside(building, p)) {
        if (within === undefined || areas[index] < areas[within]) within = index;
        continue;
      }
      const distance = distanceToRing(p, building.outer);
      if (distance <= ON_OUTLINE_M && (!onOutline || distance < onOutline.distance)) onOutline = { index, distance };
    }
    return within ?? onOutline?.index;
  };
}

function distanceToRing(p: Point2, ring: Point2[]): number {
  let nearest = Infinity;
  for (let i = 0; i < ring.length; i++) nearest = Math.min(nearest, distanceToSegment(p, ring[i], ring[(i + 1) % ring.length]));
  return nearest;
}
