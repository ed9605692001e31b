/**
 * The rules' knowledge of building types: which carry pitched roofs, which flat ones, and at what pitch.
 * Read from the roofs mapped in OpenStreetMap (Liechtenstein, Moscow, Sergiev Posad, Helsinki, Berlin;
 * bench/roof-inference.ts measures them with the tags taken away).
 */

/** Types that almost always carry a pitched roof, and the usual pitch of their roof, degrees. */
export const PITCHED_TYPES: Record<string, number> = {
  house: 35, detached: 35, semidetached_house: 35, terrace: 35, residential: 30, bungalow: 30, allotment_house: 30,
  farm: 30, farm_auxiliary: 25, barn: 25, stable: 25, cabin: 35, hut: 35, chapel: 40, church: 40,
  hotel: 30, chalet: 35, cowshed: 25, static_caravan: 10,
};

/** Types that almost always carry a flat roof. */
export const FLAT_TYPES = new Set([
  'commercial', 'retail', 'supermarket', 'office', 'industrial', 'warehouse', 'garage', 'garages', 'carport', 'parking',
  'transportation', 'train_station', 'hospital', 'school', 'university', 'college', 'civic', 'public', 'government',
  'service', 'kiosk', 'roof', 'sports_hall', 'sports_centre', 'stadium', 'grandstand', 'hangar', 'bunker', 'construction',
  'public_transport', 'kindergarten', 'fire_station', 'data_center', 'water_tower', 'storage_tank', 'container',
]);

/** Blocks of flats: pitched when small and low, flat when large or tall. */
export const APARTMENT_TYPES = new Set(['apartments', 'dormitory']);

/** Usual pitch of the roofs of other types, degrees. */
export const DEFAULT_PITCH = 30;
/** Hipped roofs are usually gentler than gables. */
export const HIPPED_PITCH = 25;

/** The group a type belongs to, which the rules and the local counts of mapped roofs are kept by. */
export type TypeGroup = 'house' | 'apartments' | 'flat-type' | 'other';

/** The group of a `building=*` value. */
export function typeGroup(type: string): TypeGroup {
  if (type in PITCHED_TYPES) return 'house';
  if (APARTMENT_TYPES.has(type)) return 'apartments';
  if (FLAT_TYPES.has(type)) return 'flat-type';
  return 'other';
}

/**
 * A car park mapped as a building (`amenity=parking`, `parking=multi-storey`): its top is a parking deck
 * (a flat roof) and its walls have no rows of windows.
 */
export function isCarPark(tags: Record<string, string>): boolean {
  return tags.amenity === 'parking' || tags.parking === 'multi-storey';
}
