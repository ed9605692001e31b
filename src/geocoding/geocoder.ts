import type { Place } from '../contract/places.ts';
import type { BoundingBox } from '../domain/search-area.ts';

/** What to look for. */
export interface GeocoderQuery {
  text: string;
  limit: number;
  /** Only places in this box. */
  box?: BoundingBox;
  /** Only places in these countries (ISO alpha-2, upper case). */
  countries?: string[];
  /** Rank places near this point first. */
  near?: { latitude: number; longitude: number };
}

/** An address search service (Photon or Nominatim) reached over HTTP. */
export interface Geocoder {
  search(query: GeocoderQuery): Promise<Place[]>;
}

/** The geocoder did not answer usefully (down, slow, or an error status). */
export class GeocoderUnavailableError extends Error {
  override name = 'GeocoderUnavailableError';
}

/** How long a search may take before the visitor is told it is unavailable. */
export const GEOCODER_TIMEOUT_MS = 6_000;
export const GEOCODER_USER_AGENT = 'solar-partner/1.0 (address search for 3D solar viewers)';

/** Fetches a geocoder's JSON answer, turning every failure into a {@link GeocoderUnavailableError}. */
export async function fetchGeocoderJson(url: URL, fetchImpl: typeof fetch = fetch): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { accept: 'application/json', 'user-agent': GEOCODER_USER_AGENT }, signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS) });
  } catch (error) {
    throw new GeocoderUnavailableError(`The geocoder at ${url.origin} did not answer: ${(error as Error).message}`);
  }
  if (!response.ok) throw new GeocoderUnavailableError(`The geocoder at ${url.origin} answered ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new GeocoderUnavailableError(`The geocoder at ${url.origin} answered something that is not JSON`);
  }
}

/** One line from the parts of an address, skipping empty and repeated parts. */
export function addressLabel(parts: (string | undefined)[]): string {
  const seen = new Set<string>();
  return parts.filter((part): part is string => {
    if (!part || seen.has(part)) return false;
    seen.add(part);
    return true;
  }).join(', ');
}

/** `N`/`W`/`R` or `node`/`way`/`relation` and an id as `way/123`. */
export function osmReference(type: unknown, id: unknown): string | undefined {
  const kinds: Record<string, string> = { N: 'node', W: 'way', R: 'relation', node: 'node', way: 'way', relation: 'relation' };
  const kind = typeof type === 'string' ? kinds[type] : undefined;
  return kind && (typeof id === 'number' || typeof id === 'string') ? `${kind}/${id}` : undefined;
}
