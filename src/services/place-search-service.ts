import type { Place, PlaceSearchQuery } from '../contract/places.ts';
import type { Geocoder, GeocoderQuery } from '../geocoding/geocoder.ts';
import { ANYWHERE, inSearchArea, type SearchArea } from '../domain/search-area.ts';
import type { ApiKeyAuthenticator } from './api-key-authenticator.ts';
import type { PartnerProfileService } from './partner-profile-service.ts';
import { BoundedCache } from './bounded-cache.ts';
import { consumeRateLimit, HOUR_MS, type RateLimiter } from './rate-limiter.ts';

/** How long a geocoder's answer is reused: type-ahead asks the same prefixes again and again. */
const ANSWER_LIFETIME_MS = HOUR_MS;

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
  readonly #answers = new BoundedCache<{ at: number; places: Place[] }>(5_000);

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
    const places = await this.#geocode({ text: query.q.trim(), limit, box: area.box, countries: area.countries, near }, now);
    return places.filter((place) => inSearchArea(area, place)).slice(0, limit);
  }

  /** The geocoder's answer, reused for an hour (the same words, area and rounded position). */
  async #geocode(geocoderQuery: GeocoderQuery, now: Date): Promise<Place[]> {
    const key = JSON.stringify({ ...geocoderQuery, text: geocoderQuery.text.toLowerCase(), near: geocoderQuery.near && [geocoderQuery.near.latitude.toFixed(2), geocoderQuery.near.longitude.toFixed(2)] });
    const cached = this.#answers.get(key);
    if (cached && now.getTime() - cached.at < ANSWER_LIFETIME_MS) return cached.places;
    const places = await this.#geocoder.search(geocoderQuery);
    this.#answers.set(key, { at: now.getTime(), places });
    return places;
  }

  /** The key's partner's search area; anywhere without a key; undefined for a key that does not work. */
  async #areaOf(key: string | undefined, now: Date): Promise<SearchArea | undefined> {
    if (key === undefined) return ANYWHERE;
    const owner = await this.#authenticator.authenticate(key, now);
    return owner ? this.#profiles.searchArea(owner.accountId) : undefined;
  }
}
