/** Model quality: partners' API models are always HD; the viewer serves SD to non-Pro visitors. */
export type ModelQuality = 'hd' | 'sd';

/** The area a model covers. */
export interface ModelArea {
  latitude: number;
  longitude: number;
  radiusKm: number;
}

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
