import { normalisedNumber } from './model-id.ts';

/** A box on the map in degrees: west and east longitudes, south and north latitudes. */
export interface GeoBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** One place of a pre-generation grid: the centre of a model (6 decimals, as model ids keep them). */
export interface GridPlace {
  latitude: number;
  longitude: number;
}

/**
 * Default distance between neighbouring places. The viewer's models have a radius of 0.3 km; places
 * 0.4 km apart leave no gap between their circles (half the diagonal of a 0.4 km square is 0.28 km).
 */
export const DEFAULT_SPACING_KM = 0.4;
export const MIN_SPACING_KM = 0.1;
export const MAX_SPACING_KM = 10;
/** Largest side of an `--around` square, and of a box (north–south and east–west). */
export const MAX_SIDE_KM = 1500;
/** Most places one run may hold (Germany at the default spacing needs about 2.2 million: split it by region). */
export const MAX_PLACES_PER_RUN = 1_000_000;

/** Kilometres per degree of latitude (mean Earth radius 6371 km). */
export const KM_PER_DEGREE = (6371 * Math.PI) / 180;

/** A wrong pre-generation area, spacing or size; the message says what is allowed. */
export class AreaError extends Error {}

/**
 * Reads `W,S,E,N` in degrees.
 *
 * @throws AreaError when it is not four numbers, out of range, or empty (west ≥ east or south ≥ north)
 */
export function parseBox(text: string): GeoBox {
  const numbers = numbersOf(text, 4, '--bbox', 'W,S,E,N in degrees, e.g. 9.50,47.12,9.55,47.16');
  const [west, south, east, north] = numbers;
  if (Math.abs(west) > 180 || Math.abs(east) > 180) throw new AreaError(`--bbox longitudes (W and E) must be between -180 and 180 (got "${text}")`);
  if (Math.abs(south) > 90 || Math.abs(north) > 90) throw new AreaError(`--bbox latitudes (S and N) must be between -90 and 90 (got "${text}")`);
  if (west >= east) throw new AreaError(`--bbox west (${west}) must be less than east (${east}); boxes across the 180th meridian are not supported`);
  if (south >= north) throw new AreaError(`--bbox south (${south}) must be less than north (${north})`);
  return checkSize({ west, south, east, north }, '--bbox');
}

/**
 * Reads `LAT,LNG,KM`: a square KM kilometres on each side, centred on the point.
 *
 * @throws AreaError when it is not three numbers or out of range
 */
export function parseAround(text: string): GeoBox {
  const [latitude, longitude, sideKm] = numbersOf(text, 3, '--around', 'LAT,LNG,KM: a square KM km on each side centred on the point, e.g. 47.1410,9.5209,3');
  if (Math.abs(latitude) > 85) throw new AreaError(`--around latitude must be between -85 and 85 (got ${latitude})`);
  if (Math.abs(longitude) > 180) throw new AreaError(`--around longitude must be between -180 and 180 (got ${longitude})`);
  if (!(sideKm > 0 && sideKm <= MAX_SIDE_KM)) throw new AreaError(`--around KM (the side of the square) must be more than 0 and at most ${MAX_SIDE_KM} (got ${sideKm})`);
  const dLat = sideKm / 2 / KM_PER_DEGREE;
  const dLng = sideKm / 2 / (KM_PER_DEGREE * Math.cos(toRadians(latitude)));
  return { west: longitude - dLng, south: latitude - dLat, east: longitude + dLng, north: latitude + dLat };
}

/**
 * Reads the spacing in km.
 *
 * @throws AreaError outside MIN_SPACING_KM..MAX_SPACING_KM
 */
export function parseSpacing(text: string | undefined): number {
  if (text === undefined) return DEFAULT_SPACING_KM;
  const value = Number(text);
  if (text.trim() === '' || !(value >= MIN_SPACING_KM && value <= MAX_SPACING_KM)) throw new AreaError(`--spacing must be a number of km from ${MIN_SPACING_KM} to ${MAX_SPACING_KM} (got "${text}")`);
  return value;
}

/**
 * The places of a grid over the box. The grid is fixed on the globe (rows every `spacingKm` from the
 * equator, columns every `spacingKm` along each row from the prime meridian), so overlapping areas and
 * repeated runs share their places, and a place generated once is found again.
 *
 * @throws AreaError when the box holds no place, or more than MAX_PLACES_PER_RUN
 */
export function gridPlaces(box: GeoBox, spacingKm: number): GridPlace[] {
  const count = countGridPlaces(box, spacingKm);
  if (count === 0) throw new AreaError(`The area holds no grid place: make it wider than the spacing (${spacingKm} km)`);
  if (count > MAX_PLACES_PER_RUN) throw new AreaError(`The area holds ${count} places at ${spacingKm} km spacing; at most ${MAX_PLACES_PER_RUN} per run: split it into smaller areas or use a larger --spacing`);
  const places: GridPlace[] = [];
  forEachRow(box, spacingKm, (latitude, first, last, dLng) => {
    for (let column = first; column <= last; column++) places.push({ latitude: round6(latitude), longitude: round6(column * dLng) });
  });
  return places;
}

/** How many places the grid puts in the box (counted without building them). */
export function countGridPlaces(box: GeoBox, spacingKm: number): number {
  let count = 0;
  forEachRow(box, spacingKm, (_latitude, first, last) => {
    count += Math.max(0, last - first + 1);
  });
  return count;
}

function forEachRow(box: GeoBox, spacingKm: number, visit: (latitude: number, first: number, last: number, dLng: number) => void): void {
  const dLat = spacingKm / KM_PER_DEGREE;
  for (let row = Math.ceil(box.south / dLat); row <= Math.floor(box.north / dLat); row++) {
    const latitude = row * dLat;
    const dLng = spacingKm / (KM_PER_DEGREE * Math.cos(toRadians(latitude)));
    visit(latitude, Math.ceil(box.west / dLng), Math.floor(box.east / dLng), dLng);
  }
}

/** The box widened by `km` on every side (for reading names of places near its edge). */
export function widenBox(box: GeoBox, km: number): GeoBox {
  const dLat = km / KM_PER_DEGREE;
  const dLng = km / (KM_PER_DEGREE * Math.cos(toRadians(Math.max(Math.abs(box.south), Math.abs(box.north)))));
  return { west: Math.max(-180, box.west - dLng), south: Math.max(-90, box.south - dLat), east: Math.min(180, box.east + dLng), north: Math.min(90, box.north + dLat) };
}

/** A short text for a box, as the run list shows it: `W,S,E,N` with 5 decimals. */
export function describeBox(box: GeoBox): string {
  return [box.west, box.south, box.east, box.north].map((value) => normalisedNumber(value, 5)).join(',');
}

/**
 * Where a place lies from its town's centre, for a directory: `centre` within 150 m, else the distance
 * and the compass direction (`0.6 km NE`).
 */
export function placeFromCentre(place: GridPlace, centre: GridPlace): { label: string; km: number } {
  const north = (place.latitude - centre.latitude) * KM_PER_DEGREE;
  const east = (place.longitude - centre.longitude) * KM_PER_DEGREE * Math.cos(toRadians(centre.latitude));
  const km = Math.hypot(north, east);
  if (km < 0.15) return { label: 'centre', km };
  const directions = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
  const bearing = (Math.atan2(east, north) * 180) / Math.PI;
  const direction = directions[Math.round(((bearing + 360) % 360) / 45) % 8];
  return { label: `${km.toFixed(1)} km ${direction}`, km };
}

function numbersOf(text: string, count: number, option: string, allowed: string): number[] {
  const parts = text.split(',').map((part) => part.trim());
  const numbers = parts.map(Number);
  if (parts.length !== count || parts.some((part) => part === '') || numbers.some((n) => !Number.isFinite(n))) throw new AreaError(`${option} must be ${allowed} (got "${text}")`);
  return numbers;
}

function checkSize(box: GeoBox, option: string): GeoBox {
  const heightKm = (box.north - box.south) * KM_PER_DEGREE;
  const widthKm = (box.east - box.west) * KM_PER_DEGREE * Math.cos(toRadians(Math.min(Math.abs(box.south), Math.abs(box.north))));
  if (heightKm > MAX_SIDE_KM || widthKm > MAX_SIDE_KM) throw new AreaError(`${option} may be at most ${MAX_SIDE_KM} km on each side (got ${Math.round(widthKm)} × ${Math.round(heightKm)} km)`);
  return box;
}

function round6(value: number): number {
  return Number(normalisedNumber(value, 6));
}

function toRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}
