import { InvalidRequestError } from './invalid-request-error.ts';

/** A box in degrees: west, south, east, north (the order Photon and GeoJSON use). */
export type BoundingBox = [west: number, south: number, east: number, north: number];

/** Where a partner's embed may find addresses: some countries, a box, both, or anywhere (neither). */
export interface SearchArea {
  /** ISO 3166-1 alpha-2 codes, upper case. */
  countries: string[];
  box: BoundingBox | undefined;
}

export const ANYWHERE: SearchArea = { countries: [], box: undefined };

/**
 * Reads the portal's "countries" field: two-letter codes separated by commas or spaces ("LI, CH").
 *
 * @throws InvalidRequestError naming the entry that is not a two-letter code
 */
export function parseCountries(text: string): string[] {
  const codes = text.split(/[\s,;]+/).filter(Boolean).map((code) => code.toUpperCase());
  const wrong = codes.find((code) => !/^[A-Z]{2}$/.test(code));
  if (wrong) throw new InvalidRequestError(`"${wrong}" is not a country code: write two-letter ISO codes separated by commas, such as LI, CH, AT.`);
  return [...new Set(codes)];
}

/**
 * Reads the portal's "area" field: `west, south, east, north` in degrees.
 *
 * @throws InvalidRequestError when it is not four numbers in range with west < east and south < north
 */
export function parseBoundingBox(text: string): BoundingBox | undefined {
  if (text.trim() === '') return undefined;
  const numbers = text.split(/[\s,;]+/).filter(Boolean).map(Number);
  const [west, south, east, north] = numbers;
  const valid = numbers.length === 4 && numbers.every(Number.isFinite) && west >= -180 && east <= 180 && south >= -90 && north <= 90 && west < east && south < north;
  if (!valid) throw new InvalidRequestError('The search area must be four numbers in degrees: west, south, east, north (for example 9.47, 47.04, 9.64, 47.27), with west < east and south < north.');
  return [west, south, east, north];
}

/** The stored form of a box (as typed back into the portal). */
export function formatBoundingBox(box: BoundingBox | undefined): string {
  return box ? box.join(', ') : '';
}

/** Whether a place lies in the area (a place without a country is outside any country list). */
export function inSearchArea(area: SearchArea, place: { latitude: number; longitude: number; countryCode?: string }): boolean {
  if (area.countries.length > 0 && !area.countries.includes(place.countryCode ?? '')) return false;
  if (!area.box) return true;
  const [west, south, east, north] = area.box;
  return place.longitude >= west && place.longitude <= east && place.latitude >= south && place.latitude <= north;
}
