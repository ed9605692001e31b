import { compareOsmIds } from '../features/map-features.ts';
import { BoxGrid } from '../geometry/box-grid.ts';
import { buildingHeights } from '../geometry/building-heights.ts';
import { minimumBoundingRectangle } from '../geometry/roofs/roof-outline.ts';
import type { Point2 } from '../geometry/local-frame.ts';
import { bounds, centroid, distanceToOutline, pointInRing, signedArea } from '../geometry/polygon.ts';
import { streetKey } from './street-key.ts';

/** A drawn building as its addresses are read from it: OSM id, outline, courtyards and tags. */
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
  /** A shop's or another place's address, not an address node's or an entrance's. */
  ofPlace?: boolean;
}

/** Where a house number may be written: in front of a building, or of the address point on or in it. */
export interface AddressPlace {
  /** The building's outer ring, local metres. */
  outer: Point2[];
  /** The address point (an entrance, a point inside): the number goes in front of it, not of the wall's middle. */
  at?: Point2;
  /** Where the building's walls start and end over its foot, metres (a number written on a wall stays on it). */
  walls: { bottom: number; top: number };
}

/** One address to write once: its number, its street, and the places it may go, the likeliest first. */
export interface HouseAddress {
  number: string;
  street?: string;
  places: AddressPlace[];
  /** Written only in front of its own street (a shop's address: its street may be a passage or a hall's, not a road). */
  ownStreetOnly?: boolean;
}

/**
 * An address point this close to a building's outline, outside it, is its entrance or a point placed on the
 * wall with the mapping tool's rounding, metres (a review found nothing more to gain up to 3 m: beyond 1 m
 * lie bus stops and station entrances).
 */
const ON_OUTLINE_M = 1;
/** The same address mapped on buildings this near each other (a house and its garage) is written once, metres. */
const SAME_ADDRESS_M = 60;

/** A place an address was found at, and how likely it is the one to write it at (lower first). */
interface Found {
  number: string;
  street?: string;
  place: AddressPlace;
  rank: number;
  ofPlace?: boolean;
}

/**
 * The addresses of the drawn buildings, each to be written once: a building's own (`addr:housenumber` on
 * its outline) and the address points on or in a building (the smallest holding it). The same number on
 * the same street (spelt alike, case and accents aside) found again within SAME_ADDRESS_M is one address
 * with several places, tried in order where the first has no room: the buildings carrying it, the largest
 * first; then entrances on an outline; then points inside, the nearest to a wall first. A point without a
 * street is on its building's street. A point repeating its building's own number adds no place. A shop's
 * or another place's address numbers only a building that has no number otherwise (its own, or of an
 * address point): in a numbered building it is the business's, or a slip. Taken in the order of OSM ids,
 * so every map source gives the same numbers.
 */
export function buildingAddresses(buildings: BuildingOutline[], points: LocalAddressPoint[]): HouseAddress[] {
  const areas = buildings.map((building) => Math.abs(signedArea(building.outer)));
  const found: Found[] = [];
  const order = buildings.map((_, index) => index).sort((a, b) => compareOsmIds(buildings[a].id, buildings[b].id));
  for (const index of order) {
    const { number, street } = ownAddress(buildings[index]);
    if (number) found.push({ number, street, place: { outer: buildings[index].outer, walls: wallsOf(buildings[index]) }, rank: -areas[index] });
  }
  const holder = holderLookup(buildings, areas);
  const numbered = new Set(order.filter((index) => ownAddress(buildings[index]).number));
  const sorted = [...points].sort((a, b) => Number(a.ofPlace ?? false) - Number(b.ofPlace ?? false) || compareOsmIds(a.id, b.id));
  for (const point of sorted) {
    const held = holder(point.at);
    if (!held || (point.ofPlace && numbered.has(held.index))) continue;
    if (!point.ofPlace) numbered.add(held.index);
    const own = ownAddress(buildings[held.index]);
    const street = point.street?.trim() || own.street;
    if (point.number.trim() === own.number && (!street || !own.street || streetKey(street) === streetKey(own.street))) continue;
    // Entrances before points inside; of those, the nearest to a wall first.
    const rank = held.inside ? 1e6 + held.toWall : 5e5;
    found.push({ number: point.number.trim(), street, place: { outer: buildings[held.index].outer, at: point.at, walls: wallsOf(buildings[held.index]) }, rank: rank + (point.ofPlace ? 1e6 : 0), ...(point.ofPlace ? { ofPlace: true } : {}) });
  }
  return grouped(found);
}

/** Where a building's walls start and end over its foot, by its tags (a roof of guessed height stands on top). */
function wallsOf(building: BuildingOutline): AddressPlace['walls'] {
  const heights = buildingHeights(building.tags, minimumBoundingRectangle(building.outer).width);
  return { bottom: heights.minHeight, top: heights.wallTop };
}

/** A building's own address: its number and street, trimmed (empty when it has none). */
function ownAddress(building: BuildingOutline): { number: string; street?: string } {
  const street = building.tags['addr:street']?.trim();
  return { number: building.tags['addr:housenumber']?.trim() ?? '', ...(street ? { street } : {}) };
}

/**
 * The places found joined into addresses: places with the same number and street within SAME_ADDRESS_M of
 * the address's likeliest place are one address. In the order of each address's likeliest place.
 */
function grouped(found: Found[]): HouseAddress[] {
  const where = ({ place }: Found) => place.at ?? centroid(place.outer);
  const addresses: (HouseAddress & { first: Point2 })[] = [];
  const byKey = new Map<string, (HouseAddress & { first: Point2 })[]>();
  for (const entry of [...found].sort((a, b) => a.rank - b.rank)) {
    const key = `${entry.number}\u0000${entry.street ? streetKey(entry.street) : ''}`;
    const [x, y] = where(entry);
    const same = entry.street ? byKey.get(key)?.find(({ first }) => Math.hypot(first[0] - x, first[1] - y) < SAME_ADDRESS_M) : undefined;
    if (same) {
      same.places.push(entry.place);
      continue;
    }
    const address = { number: entry.number, ...(entry.street ? { street: entry.street } : {}), places: [entry.place], ...(entry.ofPlace ? { ownStreetOnly: true } : {}), first: [x, y] as Point2 };
    addresses.push(address);
    byKey.set(key, [...(byKey.get(key) ?? []), address]);
  }
  return addresses.map(({ first: _first, ...address }) => address);
}

/**
 * The building holding a point: the smallest it lies inside (not in a courtyard), with the point's distance
 * to its nearest wall, else the nearest whose outline it lies on; found through a grid of their boxes.
 */
function holderLookup(buildings: BuildingOutline[], areas: number[]): (p: Point2) => { index: number; inside: boolean; toWall: number } | undefined {
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
      const distance = distanceToOutline(p, building.outer);
      if (distance <= ON_OUTLINE_M && (!onOutline || distance < onOutline.distance)) onOutline = { index, distance };
    }
    if (within !== undefined) {
      const toWall = distanceToOutline(p, buildings[within].outer);
      // A point within a metre of its wall is the entrance, mapped just inside.
      return { index: within, inside: toWall > ON_OUTLINE_M, toWall };
    }
    return onOutline && { index: onOutline.index, inside: false, toWall: onOutline.distance };
  };
}
