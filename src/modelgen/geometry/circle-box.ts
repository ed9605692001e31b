/** Metres in a degree of latitude (and of longitude at the equator), for bounding boxes. */
const METRES_PER_DEGREE = 111_320;

/** A box in degrees: west, south, east, north. */
export type DegreeBox = [number, number, number, number];

/**
 * The longitude and latitude box around a circle of `radiusM` metres, within the world's bounds. A
 * degree of longitude shrinks with the cosine of the latitude; at a pole the cosine is 0 and the circle
 * spans every longitude, so the box's width is capped at the whole world instead of divided by it
 * (divided, it was infinite, and a reader walking its cells never finished).
 */
export function circleBox(latitude: number, longitude: number, radiusM: number, marginDegrees = 0): DegreeBox {
  const dLat = radiusM / METRES_PER_DEGREE + marginDegrees;
  const cosLat = Math.cos((latitude * Math.PI) / 180);
  const dLon = Math.min(180, radiusM / (METRES_PER_DEGREE * Math.max(cosLat, 1e-12)) + marginDegrees);
  return [Math.max(-180, longitude - dLon), Math.max(-90, latitude - dLat), Math.min(180, longitude + dLon), Math.min(90, latitude + dLat)];
}
