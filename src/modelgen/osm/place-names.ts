import { relationPolygons } from '../features/multipolygon.ts';
import { pointInRing } from '../geometry/polygon.ts';
import type { GeneratorSources } from '../model-generator.ts';
import { OsmData, type OsmElement, type OsmNode } from './osm-elements.ts';
import { OVERPASS_DEFAULTS } from './overpass-source.ts';
import { osmDatabase, type OsmDatabase } from './postgis-source.ts';
import { streamOsmFile } from './stream-osm-file.ts';

/** The `place=*` values that name a settlement or a part of one (not fields, squares or islands). */
export const TOWN_PLACES = ['city', 'town', 'village', 'hamlet', 'suburb', 'quarter', 'neighbourhood'];

/** The name of the town nearest a point and the country that town lies in. */
export interface PlaceName {
  town: string;
  townOsmId: number;
  townLatitude: number;
  townLongitude: number;
  /** English name where the map has one; empty when the data names no country there. */
  country: string;
}

/** A named town node with its country. */
export interface Town {
  osmId: number;
  name: string;
  latitude: number;
  longitude: number;
  country: string;
}

/** Degrees of a bucket of the nearest-town search (about 5 km). */
const BUCKET_DEGREES = 0.05;

/**
 * Names of places from OpenStreetMap `place=*` nodes: for a point, the nearest town node (city, town,
 * village, hamlet, suburb, quarter or neighbourhood) and its country. Buckets of 0.05° keep the search
 * short when a country's thousands of towns are loaded.
 */
export class Gazetteer {
  readonly towns: Town[];
  readonly #buckets = new Map<string, Town[]>();

  constructor(towns: Town[]) {
    this.towns = towns;
    for (const town of towns) {
      const key = bucketKey(bucket(town.longitude), bucket(town.latitude));
      const list = this.#buckets.get(key);
      if (list) list.push(town);
      else this.#buckets.set(key, [town]);
    }
  }

  /** The nearest town within `maxKm` (default 50 km), or undefined when none is that close. */
  nameOf(latitude: number, longitude: number, maxKm = 50): PlaceName | undefined {
    const bx = bucket(longitude);
    const by = bucket(latitude);
    const kmPerBucket = BUCKET_DEGREES * 111.195 * Math.max(0.05, Math.cos((Math.min(89, Math.abs(latitude) + BUCKET_DEGREES) * Math.PI) / 180));
    let best: Town | undefined;
    let bestKm = Infinity;
    for (let ring = 0; ring * kmPerBucket <= Math.min(bestKm, maxKm) + kmPerBucket; ring++) {
      for (let x = bx - ring; x <= bx + ring; x++) {
        for (let y = by - ring; y <= by + ring; y++) {
          if (Math.max(Math.abs(x - bx), Math.abs(y - by)) !== ring) continue;
          for (const town of this.#buckets.get(bucketKey(x, y)) ?? []) {
            const km = distanceKm(latitude, longitude, town.latitude, town.longitude);
            if (km < bestKm) {
              best = town;
              bestKm = km;
            }
          }
        }
      }
    }
    if (!best || bestKm > maxKm) return undefined;
    return { town: best.name, townOsmId: best.osmId, townLatitude: best.latitude, townLongitude: best.longitude, country: best.country };
  }
}

/**
 * Loads the towns of a box (widen it for names near its edge) from the generator's OpenStreetMap
 * source, in the generator's order: the OpenStreetMap database (PostGIS, imported with
 * osm/solar-partner.lua), the local extract (its country boundaries place each town in its country),
 * else one Overpass query (which places each town in the admin-level-2 area around it).
 */
export async function loadGazetteer(sources: Pick<GeneratorSources, 'overpassUrl' | 'osmExtract' | 'osmDatabaseUrl'>, box: Box): Promise<Gazetteer> {
  if (sources.osmDatabaseUrl) return new Gazetteer(await townsFromPostgis(osmDatabase(sources.osmDatabaseUrl), box));
  if (sources.osmExtract) return gazetteerFromElements(readNamingElements(sources.osmExtract), box);
  return new Gazetteer(await fetchOverpassTowns(sources.overpassUrl, box));
}

type Box = { west: number; south: number; east: number; north: number };

/**
 * Towns of a box from the OpenStreetMap database: the `osm_places` nodes, each in the `osm_countries`
 * boundary that covers it, else in the country of the nearest country node.
 *
 * @throws Error saying how to import the tables when they are missing
 */
export async function townsFromPostgis(database: OsmDatabase, box: Box): Promise<Town[]> {
  type Row = { id: string; name: string; english: string; place: string; lat: number; lon: number; country: string | null };
  let rows: Row[];
  try {
    ({ rows } = await database.query<Row>({
      name: 'solar-partner-towns',
      text: `select p.node_id::text as id, p.tags->>'name' as name, coalesce(p.tags->>'name:en', p.tags->>'name') as english, p.tags->>'place' as place, ST_Y(p.geom) as lat, ST_X(p.geom) as lon,
              (select coalesce(c.tags->>'name:en', c.tags->>'name') from osm_countries c where ST_Covers(c.geom, p.geom) order by c.relation_id limit 1) as country
         from osm_places p
        where (p.geom && ST_MakeEnvelope($1, $2, $3, $4, 4326) and p.tags->>'place' = any($5)) or p.tags->>'place' = 'country'`,
      values: [box.west, box.south, box.east, box.north, TOWN_PLACES],
    }));
  } catch (error) {
    const message = (error as Error).message;
    if (/relation "osm_(places|countries)" does not exist/.test(message)) throw new Error('The OpenStreetMap database (OSM_DATABASE_URL) has no place names: import it again with the current osm/solar-partner.lua (see docs/operations.md)');
    throw error;
  }
  const countryNodes = rows.filter((row) => row.place === 'country').map((row) => ({ name: row.english, lat: row.lat, lon: row.lon }));
  return rows
    .filter((row) => row.place !== 'country')
    .map((row) => ({ osmId: Number(row.id), name: row.name, latitude: Number(row.lat), longitude: Number(row.lon), country: row.country ?? nearestCountryNode(countryNodes, Number(row.lat), Number(row.lon)) }));
}

function nearestCountryNode(nodes: { name: string; lat: number; lon: number }[], latitude: number, longitude: number): string {
  let best = '';
  let bestKm = Infinity;
  for (const node of nodes) {
    const km = distanceKm(latitude, longitude, Number(node.lat), Number(node.lon));
    if (km < bestKm) [best, bestKm] = [node.name, km];
  }
  return best;
}

/**
 * The elements of an extract that name places: named `place=*` nodes and the admin-level-2 boundary
 * relations with their ways and nodes. The file is streamed (three passes when it holds boundaries:
 * relations come last in a PBF, their ways' nodes first), so memory stays small whatever its size.
 */
export function readNamingElements(file: string): OsmElement[] {
  const elements: OsmElement[] = [];
  const wayIds = new Set<number>();
  const placeIds = new Set<number>();
  streamOsmFile(file, {
    node(id, lon, lat, tags) {
      if (!tags?.name || !(TOWN_PLACES.includes(tags.place ?? '') || tags.place === 'country')) return;
      elements.push({ type: 'node', id, lon, lat, tags });
      placeIds.add(id);
    },
    relation(id, members, tags) {
      if (tags.boundary !== 'administrative' || tags.admin_level !== '2') return;
      elements.push({ type: 'relation', id, members, tags });
      for (const member of members) if (member.type === 'way') wayIds.add(member.ref);
    },
  });
  if (wayIds.size === 0) return elements;
  const nodeIds = new Set<number>();
  streamOsmFile(file, {
    way(id, refs, tags) {
      if (!wayIds.has(id)) return;
      elements.push({ type: 'way', id, nodes: refs, tags });
      for (const ref of refs) nodeIds.add(ref);
    },
  });
  streamOsmFile(file, {
    node(id, lon, lat) {
      if (nodeIds.has(id) && !placeIds.has(id)) elements.push({ type: 'node', id, lon, lat });
    },
  });
  return elements;
}

/**
 * Towns from OpenStreetMap elements: named town nodes in the box, each in the country whose
 * admin-level-2 boundary holds it (boundaries whose rings are complete in the data), else in the
 * country of the nearest `place=country` node.
 */
export function gazetteerFromElements(elements: Iterable<OsmElement>, box: { west: number; south: number; east: number; north: number }): Gazetteer {
  const data = new OsmData(elements);
  const countries = [...data.relations.values()]
    .filter((r) => r.tags?.boundary === 'administrative' && r.tags.admin_level === '2' && (r.tags['name:en'] ?? r.tags.name))
    .map((r) => ({ name: (r.tags!['name:en'] ?? r.tags!.name)!, polygons: relationPolygons(data, r) }))
    .filter((c) => c.polygons.length > 0);
  const countryNodes = [...data.nodes.values()].filter((n) => n.tags?.place === 'country' && (n.tags['name:en'] ?? n.tags.name));
  const countryOf = (node: OsmNode): string => {
    const point: [number, number] = [node.lon, node.lat];
    const holder = countries.find((c) => c.polygons.some((p) => pointInRing(point, p.outer) && !p.inners.some((inner) => pointInRing(point, inner))));
    if (holder) return holder.name;
    let nearest: OsmNode | undefined;
    for (const candidate of countryNodes) {
      if (!nearest || distanceKm(node.lat, node.lon, candidate.lat, candidate.lon) < distanceKm(node.lat, node.lon, nearest.lat, nearest.lon)) nearest = candidate;
    }
    return nearest ? (nearest.tags!['name:en'] ?? nearest.tags!.name)! : '';
  };
  const towns: Town[] = [];
  for (const node of data.nodes.values()) {
    const name = node.tags?.name;
    if (!name || !TOWN_PLACES.includes(node.tags!.place ?? '')) continue;
    if (node.lon < box.west || node.lon > box.east || node.lat < box.south || node.lat > box.north) continue;
    towns.push({ osmId: node.id, name, latitude: node.lat, longitude: node.lon, country: countryOf(node) });
  }
  return new Gazetteer(towns);
}

/** The Overpass QL query for the towns of a box, each followed by the country areas that hold it. */
export function overpassTownsQuery(box: { west: number; south: number; east: number; north: number }): string {
  return `[out:json][timeout:180];
node["place"~"^(${TOWN_PLACES.join('|')})$"]["name"](${box.south},${box.west},${box.north},${box.east})->.towns;
foreach.towns->.town(
  .town out;
  .town is_in->.holders;
  area.holders["boundary"="administrative"]["admin_level"="2"];
  out tags;
);`;
}

async function fetchOverpassTowns(url: string, box: { west: number; south: number; east: number; north: number }): Promise<Town[]> {
  const response = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ data: overpassTownsQuery(box) }),
    headers: { 'user-agent': OVERPASS_DEFAULTS.userAgent, accept: 'application/json' },
    signal: AbortSignal.timeout(200_000),
  });
  if (!response.ok) throw new Error(`Overpass API answered HTTP ${response.status} to the place-name query`);
  return townsFromOverpass(((await response.json()) as { elements: OverpassItem[] }).elements);
}

type OverpassItem = { type: string; id: number; lat?: number; lon?: number; tags?: Record<string, string> };

/** Reads the answer of {@link overpassTownsQuery}: each town node, then the areas holding it. */
export function townsFromOverpass(elements: OverpassItem[]): Town[] {
  const towns: Town[] = [];
  for (const element of elements) {
    if (element.type === 'node' && element.tags?.name && element.lat !== undefined && element.lon !== undefined) {
      towns.push({ osmId: element.id, name: element.tags.name, latitude: element.lat, longitude: element.lon, country: '' });
    } else if (element.type === 'area' && towns.length > 0 && towns.at(-1)!.country === '') {
      towns.at(-1)!.country = element.tags?.['name:en'] ?? element.tags?.name ?? '';
    }
  }
  return towns;
}

function bucket(degrees: number): number {
  return Math.floor(degrees / BUCKET_DEGREES);
}

function bucketKey(x: number, y: number): string {
  return `${x}_${y}`;
}

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const north = (lat2 - lat1) * 111.195;
  const east = (lon2 - lon1) * 111.195 * Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  return Math.hypot(north, east);
}
