import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readOsmFile } from '../../src/modelgen/osm/read-osm-file.ts';
import type { OsmElement } from '../../src/modelgen/osm/osm-elements.ts';

/** One real OSM extract to answer from, and the country its untagged addresses lie in. */
export interface StandInExtract {
  file: string;
  country: { code: string; name: string };
}

/** A place the stand-in knows: a Photon GeoJSON feature and the words it is found by. */
interface Entry {
  feature: { type: 'Feature'; geometry: { type: 'Point'; coordinates: [number, number] }; properties: Record<string, string | number> };
  words: string[];
}

/**
 * A local server speaking Photon's search API (`GET /api?q&limit&bbox&lat&lon`, GeoJSON answers), and
 * Nominatim's (`GET /search?q&format=geocodejson&countrycodes&viewbox&bounded`), with
 * answers built from real OpenStreetMap data: every address (`addr:street` + `addr:housenumber` on
 * nodes and buildings) and every named `place=*` node of the extracts it is given. No recorded answers
 * of the live service exist here (no internet), so the places come from the same extracts the models
 * are made of; ranking is simpler than Photon's (all typed words must start a word of the place;
 * houses before streets and towns, then nearest to `lat`/`lon`).
 */
export class PhotonStandIn {
  readonly queries: URLSearchParams[] = [];
  /** Statuses to fail the next requests with. */
  failNext: number[] = [];
  readonly #server: http.Server;
  readonly #entries: Entry[];

  private constructor(entries: Entry[]) {
    this.#entries = entries;
    this.#server = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const failure = this.failNext.shift();
      if (failure) return void response.writeHead(failure).end(`HTTP ${failure}`);
      if (url.pathname !== '/api' && url.pathname !== '/search') return void response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
      this.queries.push(url.searchParams);
      const q = url.searchParams.get('q');
      if (!q) return void response.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"missing search term \'q\'"}');
      const answer = url.pathname === '/api' ? { type: 'FeatureCollection', features: this.#search(q, url.searchParams) } : this.#nominatim(q, url.searchParams);
      response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end(JSON.stringify(answer));
    });
  }

  static async start(extracts: StandInExtract[]): Promise<PhotonStandIn> {
    const standIn = new PhotonStandIn(extracts.flatMap(entriesOf));
    await new Promise<void>((resolve) => standIn.#server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  /** The base URL, as `GEOCODER_URL` takes it. */
  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** How many places the extracts gave. */
  get size(): number {
    return this.#entries.length;
  }

  #search(q: string, params: URLSearchParams): Entry['feature'][] {
    const typed = wordsOf(q);
    const limit = Math.min(Number(params.get('limit') ?? 15) || 15, 50);
    const box = params.get('bbox')?.split(',').map(Number);
    const lat = Number(params.get('lat'));
    const lon = Number(params.get('lon'));
    const near = Number.isFinite(lat) && Number.isFinite(lon) && params.has('lat') && params.has('lon');
    const found = this.#entries.filter((entry) => {
      if (!typed.every((word) => entry.words.some((w) => w.startsWith(word)))) return false;
      if (!box || box.length !== 4) return true;
      const [x, y] = entry.feature.geometry.coordinates;
      return x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
    });
    const typedText = typed.join(' ');
    const rank = (entry: Entry) => {
      const [x, y] = entry.feature.geometry.coordinates;
      // A town typed by its name comes first, then houses, then other places; nearer first within each.
      const named = entry.feature.properties.osm_key === 'place' && wordsOf(String(entry.feature.properties.name)).join(' ') === typedText;
      const kind = named ? 0 : entry.feature.properties.type === 'house' ? 1 : 2;
      return kind * 1e6 + (near ? Math.hypot(x - lon, y - lat) : 0);
    };
    return found.sort((a, b) => rank(a) - rank(b)).slice(0, limit).map((entry) => entry.feature);
  }

  /**
   * Nominatim's `/search?format=geocodejson` over the same places: `countrycodes` and a `viewbox`
   * (`left,top,right,bottom`, with `bounded=1`) filter, as Nominatim does.
   */
  #nominatim(q: string, params: URLSearchParams): unknown {
    const countries = params.get('countrycodes')?.toUpperCase().split(',');
    const view = params.get('viewbox')?.split(',').map(Number);
    const photonParams = new URLSearchParams({ limit: '50' });
    if (view?.length === 4 && params.get('bounded') === '1') photonParams.set('bbox', [Math.min(view[0], view[2]), Math.min(view[1], view[3]), Math.max(view[0], view[2]), Math.max(view[1], view[3])].join(','));
    const limit = Number(params.get('limit') ?? 10) || 10;
    const features = this.#search(q, photonParams)
      .filter((feature) => !countries || countries.includes(String(feature.properties.countrycode)))
      .slice(0, limit)
      .map((feature) => {
        const p = feature.properties;
        const osmType = { N: 'node', W: 'way', R: 'relation' }[String(p.osm_type)];
        const street = p.street ? [p.street, p.housenumber].filter(Boolean).join(' ') : undefined;
        const label = [p.name, street, [p.postcode, p.city].filter(Boolean).join(' ') || undefined, p.country].filter(Boolean).join(', ');
        return { type: 'Feature', geometry: feature.geometry, properties: { geocoding: { place_id: p.osm_id, osm_type: osmType, osm_id: p.osm_id, type: p.type, label, name: p.name, housenumber: p.housenumber, street: p.street, postcode: p.postcode, city: p.city, country: p.country, country_code: String(p.countrycode).toLowerCase() } } };
      });
    return { type: 'FeatureCollection', geocoding: { version: '0.1.0', attribution: 'Data © OpenStreetMap contributors, ODbL 1.0', licence: 'ODbL', query: q }, features };
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/** Lower-case words without accents: "Städtle 32" → ["stadtle", "32"]. */
function wordsOf(text: string): string[] {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

function entriesOf(extract: StandInExtract): Entry[] {
  const elements = readOsmFile(extract.file);
  const nodes = new Map<number, [number, number]>();
  for (const element of elements) if (element.type === 'node') nodes.set(element.id, [element.lon, element.lat]);
  const entries: Entry[] = [];
  for (const element of elements) {
    const tags = element.tags ?? {};
    const point = pointOf(element, nodes);
    if (!point) continue;
    if (tags['addr:street'] && tags['addr:housenumber']) entries.push(addressEntry(element, tags, point, extract.country));
    else if (element.type === 'node' && tags.place && tags.name) entries.push(placeEntry(element, tags, point, extract.country));
  }
  return entries;
}

/** A node's position, or the mean of a way's nodes (relations are left out). */
function pointOf(element: OsmElement, nodes: Map<number, [number, number]>): [number, number] | undefined {
  if (element.type === 'node') return [element.lon, element.lat];
  if (element.type !== 'way') return undefined;
  const points = element.nodes.slice(0, element.nodes.length > 1 && element.nodes[0] === element.nodes.at(-1) ? -1 : undefined).map((id) => nodes.get(id)).filter((p) => p !== undefined);
  if (points.length === 0) return undefined;
  return [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];
}

const OSM_TYPE = { node: 'N', way: 'W', relation: 'R' } as const;

function addressEntry(element: OsmElement, tags: Record<string, string>, point: [number, number], country: StandInExtract['country']): Entry {
  const countryCode = (tags['addr:country'] ?? country.code).toUpperCase();
  const properties: Record<string, string | number> = {
    osm_type: OSM_TYPE[element.type],
    osm_id: element.id,
    osm_key: tags.building ? 'building' : 'place',
    osm_value: tags.building ?? 'house',
    type: 'house',
    housenumber: tags['addr:housenumber'],
    street: tags['addr:street'],
    countrycode: countryCode,
    country: countryCode === country.code ? country.name : countryCode,
    ...(tags['addr:postcode'] ? { postcode: tags['addr:postcode'] } : {}),
    ...(tags['addr:city'] ? { city: tags['addr:city'] } : {}),
    ...(tags.name ? { name: tags.name } : {}),
  };
  return { feature: { type: 'Feature', geometry: { type: 'Point', coordinates: point }, properties }, words: wordsOf([tags.name, tags['addr:street'], tags['addr:housenumber'], tags['addr:postcode'], tags['addr:city']].filter(Boolean).join(' ')) };
}

function placeEntry(element: OsmElement, tags: Record<string, string>, point: [number, number], country: StandInExtract['country']): Entry {
  const properties = { osm_type: OSM_TYPE[element.type], osm_id: element.id, osm_key: 'place', osm_value: tags.place, type: tags.place === 'city' || tags.place === 'town' ? 'city' : 'locality', name: tags.name, countrycode: country.code, country: country.name };
  return { feature: { type: 'Feature', geometry: { type: 'Point', coordinates: point }, properties }, words: wordsOf(tags.name) };
}
