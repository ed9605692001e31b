import type { Geocoder } from './geocoder.ts';
import { NominatimGeocoder } from './nominatim-geocoder.ts';
import { PhotonGeocoder } from './photon-geocoder.ts';

/** The protocols the address search speaks. */
export const GEOCODER_APIS = ['photon', 'nominatim'] as const;
export type GeocoderApi = (typeof GEOCODER_APIS)[number];

/** The geocoder the settings name (`GEOCODER_URL`, `GEOCODER_API`). */
export function createGeocoder(settings: { url: string; api: GeocoderApi }, fetchImpl: typeof fetch = fetch): Geocoder {
  return settings.api === 'nominatim' ? new NominatimGeocoder(settings.url, fetchImpl) : new PhotonGeocoder(settings.url, fetchImpl);
}
