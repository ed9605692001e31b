/** Great-circle distance between two places (climate table, MCP roof points). No Node imports: it runs in the browser. */

const DEG = Math.PI / 180;
const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in kilometres (haversine). */
export function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a = Math.sin(((lat2 - lat1) * DEG) / 2) ** 2 + Math.cos(lat1 * DEG) * Math.cos(lat2 * DEG) * Math.sin(((lon2 - lon1) * DEG) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}
