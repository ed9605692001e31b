import type { Place } from '../contract/places.ts';
import { addressLabel, fetchGeocoderJson, osmReference, type Geocoder, type GeocoderQuery } from './geocoder.ts';

/** A Photon feature's properties (https://github.com/komoot/photon: GeoJSON answers of `/api`). */
interface PhotonProperties {
  name?: string;
  housenumber?: string;
  street?: string;
  postcode?: string;
  city?: string;
  district?: string;
  state?: string;
  country?: string;
  countrycode?: string;
  osm_type?: string;
  osm_id?: number;
  osm_key?: string;
  osm_value?: string;
  type?: string;
}

interface PhotonAnswer {
  features?: { geometry?: { type?: string; coordinates?: unknown }; properties?: PhotonProperties }[];
}

/**
 * Photon's search API (`GET <base>/api?q&limit&bbox&lat&lon`). Photon has no country filter, so with
 * countries the search asks for more places and the caller keeps those in the countries.
 */
export class PhotonGeocoder implements Geocoder {
  readonly #base: string;
  readonly #fetch: typeof fetch;

  constructor(baseUrl: string, fetchImpl: typeof fetch = fetch) {
    this.#base = baseUrl.replace(/\/+$/, '');
    this.#fetch = fetchImpl;
  }

  async search(query: GeocoderQuery): Promise<Place[]> {
    const url = new URL(`${this.#base}/api`);
    url.searchParams.set('q', query.text);
    url.searchParams.set('limit', String(query.countries?.length ? Math.min(query.limit * 3, 30) : query.limit));
    if (query.box) url.searchParams.set('bbox', query.box.join(','));
    if (query.near) {
      url.searchParams.set('lat', query.near.latitude.toFixed(5));
      url.searchParams.set('lon', query.near.longitude.toFixed(5));
    }
    const answer = (await fetchGeocoderJson(url, this.#fetch)) as PhotonAnswer;
    return (answer.features ?? []).flatMap((feature) => {
      const place = toPlace(feature.geometry?.coordinates, feature.properties ?? {});
      return place ? [place] : [];
    });
  }
}

function toPlace(coordinates: unknown, p: PhotonProperties): Place | undefined {
  if (!Array.isArray(coordinates) || !Number.isFinite(coordinates[0]) || !Number.isFinite(coordinates[1])) return undefined;
  const street = p.street && p.housenumber ? `${p.street} ${p.housenumber}` : p.street;
  const town = addressLabel([p.postcode, p.city]).replace(', ', ' ');
  const label = addressLabel([p.name, street, town || p.district, p.country]);
  if (!label) return undefined;
  const osmId = osmReference(p.osm_type, p.osm_id);
  return {
    label,
    latitude: coordinates[1] as number,
    longitude: coordinates[0] as number,
    kind: p.type ?? p.osm_value ?? 'place',
    ...(p.countrycode ? { countryCode: p.countrycode.toUpperCase() } : {}),
    ...(osmId ? { osmId } : {}),
  };
}
