import type { Place } from '../contract/places.ts';
import { addressLabel, fetchGeocoderJson, osmReference, type Geocoder, type GeocoderQuery } from './geocoder.ts';

/** A GeocodeJSON feature's `properties.geocoding` as Nominatim writes it (`format=geocodejson`). */
interface GeocodingProperties {
  type?: string;
  label?: string;
  name?: string;
  housenumber?: string;
  street?: string;
  postcode?: string;
  city?: string;
  country?: string;
  country_code?: string;
  osm_type?: string;
  osm_id?: number;
}

interface GeocodeJsonAnswer {
  features?: { geometry?: { coordinates?: unknown }; properties?: { geocoding?: GeocodingProperties } }[];
}

/**
 * Nominatim's search API (`GET <base>/search?q&format=geocodejson&countrycodes&viewbox&bounded`), which
 * filters by country and box itself.
 */
export class NominatimGeocoder implements Geocoder {
  readonly #base: string;
  readonly #fetch: typeof fetch;

  constructor(baseUrl: string, fetchImpl: typeof fetch = fetch) {
    this.#base = baseUrl.replace(/\/+$/, '');
    this.#fetch = fetchImpl;
  }

  async search(query: GeocoderQuery): Promise<Place[]> {
    const url = new URL(`${this.#base}/search`);
    url.searchParams.set('q', query.text);
    url.searchParams.set('format', 'geocodejson');
    url.searchParams.set('addressdetails', '1');
    url.searchParams.set('limit', String(query.limit));
    if (query.countries?.length) url.searchParams.set('countrycodes', query.countries.join(',').toLowerCase());
    if (query.box) {
      const [west, south, east, north] = query.box;
      url.searchParams.set('viewbox', [west, north, east, south].join(','));
      url.searchParams.set('bounded', '1');
    }
    const answer = (await fetchGeocoderJson(url, this.#fetch)) as GeocodeJsonAnswer;
    return (answer.features ?? []).flatMap((feature) => {
      const place = toPlace(feature.geometry?.coordinates, feature.properties?.geocoding ?? {});
      return place ? [place] : [];
    });
  }
}

function toPlace(coordinates: unknown, g: GeocodingProperties): Place | undefined {
  if (!Array.isArray(coordinates) || !Number.isFinite(coordinates[0]) || !Number.isFinite(coordinates[1])) return undefined;
  const street = g.street && g.housenumber ? `${g.street} ${g.housenumber}` : g.street;
  const label = g.label ?? addressLabel([g.name, street, addressLabel([g.postcode, g.city]).replace(', ', ' '), g.country]);
  if (!label) return undefined;
  const osmId = osmReference(g.osm_type, g.osm_id);
  return {
    label,
    latitude: coordinates[1] as number,
    longitude: coordinates[0] as number,
    kind: g.type ?? 'place',
    ...(g.country_code ? { countryCode: g.country_code.toUpperCase() } : {}),
    ...(osmId ? { osmId } : {}),
  };
}
