/**
 * Monthly-mean solar geometry after Duffie & Beckman, "Solar Engineering of Thermal Processes" (4th ed.,
 * 2013), chapters 1 and 2: the recommended average day of each month (Klein 1977), declination (Cooper
 * 1969), sunset hour angle and daily extraterrestrial irradiation on a horizontal plane.
 */

const DEG = Math.PI / 180;
/** Solar constant, W/m² (Duffie & Beckman). */
export const SOLAR_CONSTANT = 1367;

/** Day of the year of each month's average day (Klein 1977): its H0 equals the month's mean. */
export const AVERAGE_DAY_OF_MONTH = [17, 47, 75, 105, 135, 162, 198, 228, 258, 288, 318, 344] as const;
export const DAYS_IN_MONTH = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Declination in degrees on day `n` of the year (Cooper's equation). */
export function declination(n: number): number {
  return 23.45 * Math.sin((360 * (284 + n)) / 365 * DEG);
}

/** Sunset hour angle in degrees (0 in polar night, 180 in midnight sun). */
export function sunsetHourAngle(latitudeDeg: number, declinationDeg: number): number {
  const cosine = -Math.tan(latitudeDeg * DEG) * Math.tan(declinationDeg * DEG);
  return Math.acos(Math.max(-1, Math.min(1, cosine))) / DEG;
}

/** Daily extraterrestrial irradiation on a horizontal plane, kWh/m², on day `n` at `latitudeDeg`. */
export function extraterrestrialDaily(latitudeDeg: number, n: number): number {
  const delta = declination(n) * DEG;
  const phi = latitudeDeg * DEG;
  const omegaS = sunsetHourAngle(latitudeDeg, declination(n)) * DEG;
  const joules = ((24 * 3600 * SOLAR_CONSTANT) / Math.PI) * (1 + 0.033 * Math.cos((360 * n) / 365 * DEG)) *
    (Math.cos(phi) * Math.cos(delta) * Math.sin(omegaS) + omegaS * Math.sin(phi) * Math.sin(delta));
  return Math.max(0, joules / 3.6e6);
}
