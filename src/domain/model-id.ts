/** Model quality: partners' API models are always HD; the viewer serves SD to non-Pro visitors. */
export type ModelQuality = 'hd' | 'sd';

/** The area a model covers. */
export interface ModelArea {
  latitude: number;
  longitude: number;
  radiusKm: number;
}

/** SPEC.md: default `radiusKm` when a request gives none. */
export const DEFAULT_RADIUS_KM = 0.3;
/**
 * Largest radius the service generates (SPEC.md leaves it open): with the adaptive terrain mesh a 5 km
 * model costs what a 2 km one did on the 10 m grid (bench/RESULTS.md, "Ground that follows relief").
 */
export const MAX_RADIUS_KM = 5;
/** Smallest radius: below ~50 m a model would not show a single neighbour's shadow. */
export const MIN_RADIUS_KM = 0.05;

/**
 * Rounds a number to `decimals` places and prints it without trailing zeros, so that equal locations
 * written differently (`52.52`, `52.520000`) give one identifier.
 */
export function normalisedNumber(value: number, decimals: number): string {
  const rounded = Number(value.toFixed(decimals));
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** Rounds an area to the precision the identifier keeps (6 decimals for coordinates, 3 for the radius). */
export function normaliseArea(area: ModelArea): ModelArea {
  return {
    latitude: Number(normalisedNumber(area.latitude, 6)),
    longitude: Number(normalisedNumber(area.longitude, 6)),
    radiusKm: Number(normalisedNumber(area.radiusKm, 3)),
  };
}

/**
 * The identifier of a model: `<quality>_<latitude>_<longitude>_<radiusKm>` (SPEC.md), the same for the
 * same quality, location and radius.
 */
export function modelId(quality: ModelQuality, area: ModelArea): string {
  return [
    quality,
    normalisedNumber(area.latitude, 6),
    normalisedNumber(area.longitude, 6),
    normalisedNumber(area.radiusKm, 3),
  ].join('_');
}
