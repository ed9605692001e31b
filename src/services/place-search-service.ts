import type { Place, PlaceSearchQuery } from '../contract/places.ts';
import type { Geocoder } from '../geocoding/geocoder.ts';
import { ANYWHERE, inSearchArea, type SearchArea } from '../domain/search-area.ts';
import type { ApiKeyAuthenticator } from './api-key-authenticator.ts';
import type { PartnerProfileService } from './partner-profile-service.ts';
import { consumeRateLimit, HOUR_MS, type RateLimiter } from './rate-limiter.ts';

/**
 * Searches per visitor address per hour: a type-ahead asks once per pause in typing, so a visitor
 * looking for their house uses a handful; this only keeps the page from serving as a free geocoder.
 */
export const PLACE_SEARCHES_PER_HOUR = 300;
export const PLACE_SEARCH_LIMIT_MESSAGE = `Too many address searches from this address. Maximum ${PLACE_SEARCHES_PER_HOUR} per hour.`;

/**
 * The viewer pages' address search, through the server so that the geocoder's address and the partner's
 * search area stay on the server: an embed's key brings its partner's countries and box, which are sent
 * to the geocoder where it can filter and checked again on every answer.
 */
export class PlaceSearchService {
  readonly #geocoder: Geocoder;
  readonly #authenticator: ApiKeyAuthenticator;
  readonly #profiles: PartnerProfileService;
  readonly #limits: RateLimiter;

  constructor(deps: { geocoder: Geocoder; authenticator: ApiKeyAuthenticator; profiles: PartnerProfileService; limits: RateLimiter }) {
    this.#geocoder = deps.geocoder;
    this.#authenticator = deps.authenticator;
    this.#profiles = deps.profiles;
    this.#limits = deps.limits;
  }

  /**
   * Places matching what the visitor typed, nearest the page's location first where the geocoder ranks
   * so. Undefined when a key is given and does not work.
   *
   * @throws RateLimitedError past {@link PLACE_SEARCHES_PER_HOUR} from `ip`
   * @throws GeocoderUnavailableError when the geocoder does not answer
   */
  async search(query: PlaceSearchQuery, ip: string, now: Date): Promise<Place[] | undefined> {
    const area = await this.#areaOf(query.key, now);
    if (!area) return undefined;
    await consumeRateLimit(this.#limits, { bucket: `place-search:ip:${ip}`, limit: PLACE_SEARCHES_PER_HOUR, windowMs: HOUR_MS, message: PLACE_SEARCH_LIMIT_MESSAGE }, now);
    const limit = query.limit ?? 5;
    const near = query.lat !== undefined && query.lng !== undefined ? { latitude: query.lat, longitude: query.lng } : undefined;
    const places = await this.#geocoder.search({ text: query.q.trim(), limit, box: area.box, countries: area.countries, near });
    return places.filter((place) => inSearchArea(area, place)).slice(0, limit);
  }

  /** The key's partner's search area; anywhere without a key; undefined for a key that does not work. */
  async #areaOf(key: string | undefined, now: Date): Promise<SearchArea | undefined> {
    if (key === undefined) return ANYWHERE;
    const owner = await this.#authenticator.authenticate(key, now);
    return owner ? this.#profiles.searchArea(owner.accountId) : undefined;
  }
}
