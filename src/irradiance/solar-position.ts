/**
 * NREL's Solar Position Algorithm (Reda & Andreas 2004), written from the paper: the sun's topocentric
 * zenith and azimuth for a time and place, good to ±0.0003° from −2000 to 6000. No Node imports: it runs
 * in the browser too.
 */
import { LATITUDE_TERMS, LONGITUDE_TERMS, NUTATION_TERMS, RADIUS_TERMS } from './spa-tables.ts';

/** Where the sun is seen from, and the air it is seen through. */
export interface Observer {
  /** Degrees, north positive. */
  latitude: number;
  /** Degrees, east positive. */
  longitude: number;
  /** Metres above sea level (default 0). */
  elevation?: number;
  /** Mean annual air pressure in millibars (default 1013.25), for refraction. */
  pressure?: number;
  /** Mean annual temperature in °C (default 12), for refraction. */
  temperature?: number;
  /** TT − UT in seconds (default from {@link estimateDeltaT}). */
  deltaT?: number;
}

/** The sun as the observer sees it. */
export interface SolarPosition {
  /** Topocentric zenith angle in degrees, refraction included (0 = overhead, 90 = horizon). */
  zenith: number;
  /** Topocentric azimuth in degrees, eastward from north (0 = north, 90 = east, 180 = south). */
  azimuth: number;
  /** 90 − zenith. */
  elevation: number;
  /** Geocentric declination in degrees. */
  declination: number;
  /** Earth–sun distance in astronomical units. */
  radiusVector: number;
}

const DEG = Math.PI / 180;
/** Sun radius plus mean refraction at the horizon (degrees): below this the sun has set. */
const SUNRISE_ELEVATION = -(0.26667 + 0.5667);

/** Observed ΔT (TT − UT, seconds) at the start of years, from the IERS Bulletins, rounded to 0.01 s. */
const OBSERVED_DELTA_T: readonly [number, number][] = [
  [1990, 56.86], [1995, 60.78], [2000, 63.83], [2005, 64.69], [2010, 66.07], [2015, 67.64], [2020, 69.36], [2025, 69.1],
];

/**
 * ΔT = TT − UT in seconds for a (fractional) year: interpolated in observed values from 1990 to 2025,
 * held at the last observed value for 25 years after it (ΔT has barely changed since 2020), and the
 * long-term parabola of Morrison & Stephenson elsewhere. A second of error moves the sun by 0.004°.
 */
export function estimateDeltaT(year: number): number {
  const first = OBSERVED_DELTA_T[0];
  const last = OBSERVED_DELTA_T[OBSERVED_DELTA_T.length - 1];
  if (year >= first[0] && year <= last[0]) {
    const index = OBSERVED_DELTA_T.findIndex(([y]) => y > year);
    if (index === -1) return last[1];
    const [y0, d0] = OBSERVED_DELTA_T[index - 1];
    const [y1, d1] = OBSERVED_DELTA_T[index];
    return d0 + ((d1 - d0) * (year - y0)) / (y1 - y0);
  }
  if (year > last[0] && year < last[0] + 25) return last[1];
  return -20 + 32 * ((year - 1820) / 100) ** 2;
}

/** Julian day (UT) of a JavaScript date. */
export function julianDay(date: Date): number {
  return date.getTime() / 86_400_000 + 2440587.5;
}

/** The sun's position at `date` (any time zone: a Date is an instant) for `observer`. */
export function solarPosition(date: Date, observer: Observer): SolarPosition {
  const jd = julianDay(date);
  const deltaT = observer.deltaT ?? estimateDeltaT(date.getUTCFullYear() + date.getUTCMonth() / 12);
  return topocentric(geocentricSun(jd, deltaT), observer);
}

/** What depends on time only: the sun's apparent geocentric place and sidereal time. */
interface GeocentricSun {
  /** Apparent sidereal time at Greenwich, degrees. */
  siderealTime: number;
  rightAscension: number;
  declination: number;
  radiusVector: number;
}

/** Steps 3.1–3.9 of the paper: from the time to the sun's geocentric right ascension and declination. */
function geocentricSun(jd: number, deltaT: number): GeocentricSun {
  const jde = jd + deltaT / 86_400;
  const jc = (jd - 2451545) / 36525;
  const jce = (jde - 2451545) / 36525;
  const jme = jce / 10;

  const heliocentricLongitude = normaliseDegrees(seriesSum(LONGITUDE_TERMS, jme) / 1e8 / DEG);
  const heliocentricLatitude = seriesSum(LATITUDE_TERMS, jme) / 1e8 / DEG;
  const radiusVector = seriesSum(RADIUS_TERMS, jme) / 1e8;

  const geocentricLongitude = normaliseDegrees(heliocentricLongitude + 180);
  const geocentricLatitude = -heliocentricLatitude;

  const { longitude: nutationLongitude, obliquity: nutationObliquity } = nutation(jce);
  const u = jme / 10;
  const meanObliquity =
    84381.448 +
    u * (-4680.93 + u * (-1.55 + u * (1999.25 + u * (-51.38 + u * (-249.67 + u * (-39.05 + u * (7.12 + u * (27.87 + u * (5.79 + u * 2.45)))))))));
  const obliquity = meanObliquity / 3600 + nutationObliquity;

  const aberration = -20.4898 / (3600 * radiusVector);
  const apparentLongitude = geocentricLongitude + nutationLongitude + aberration;

  const meanSidereal = normaliseDegrees(280.46061837 + 360.98564736629 * (jd - 2451545) + jc * jc * (0.000387933 - jc / 38710000));
  const siderealTime = meanSidereal + nutationLongitude * Math.cos(obliquity * DEG);

  const lambda = apparentLongitude * DEG;
  const epsilon = obliquity * DEG;
  const beta = geocentricLatitude * DEG;
  const rightAscension = normaliseDegrees(Math.atan2(Math.sin(lambda) * Math.cos(epsilon) - Math.tan(beta) * Math.sin(epsilon), Math.cos(lambda)) / DEG);
  const declination = Math.asin(Math.sin(beta) * Math.cos(epsilon) + Math.cos(beta) * Math.sin(epsilon) * Math.sin(lambda)) / DEG;
  return { siderealTime, rightAscension, declination, radiusVector };
}

/** Steps 3.10–3.15: parallax, refraction and the observer's horizon. */
function topocentric(sun: GeocentricSun, observer: Observer): SolarPosition {
  const latitude = observer.latitude * DEG;
  const elevation = observer.elevation ?? 0;
  const hourAngle = normaliseDegrees(sun.siderealTime + observer.longitude - sun.rightAscension) * DEG;
  const declination = sun.declination * DEG;

  const parallax = (8.794 / (3600 * sun.radiusVector)) * DEG;
  const u = Math.atan(0.99664719 * Math.tan(latitude));
  const x = Math.cos(u) + (elevation / 6378140) * Math.cos(latitude);
  const y = 0.99664719 * Math.sin(u) + (elevation / 6378140) * Math.sin(latitude);
  const deltaAlpha = Math.atan2(-x * Math.sin(parallax) * Math.sin(hourAngle), Math.cos(declination) - x * Math.sin(parallax) * Math.cos(hourAngle));
  const topoDeclination = Math.atan2((Math.sin(declination) - y * Math.sin(parallax)) * Math.cos(deltaAlpha), Math.cos(declination) - x * Math.sin(parallax) * Math.cos(hourAngle));
  const topoHourAngle = hourAngle - deltaAlpha;

  const trueElevation = Math.asin(Math.sin(latitude) * Math.sin(topoDeclination) + Math.cos(latitude) * Math.cos(topoDeclination) * Math.cos(topoHourAngle)) / DEG;
  const pressure = observer.pressure ?? 1013.25;
  const temperature = observer.temperature ?? 12;
  const refraction =
    trueElevation >= SUNRISE_ELEVATION ? (pressure / 1010) * (283 / (273 + temperature)) * (1.02 / (60 * Math.tan((trueElevation + 10.3 / (trueElevation + 5.11)) * DEG))) : 0;
  const apparentElevation = trueElevation + refraction;

  const astronomersAzimuth = Math.atan2(Math.sin(topoHourAngle), Math.cos(topoHourAngle) * Math.sin(latitude) - Math.tan(topoDeclination) * Math.cos(latitude)) / DEG;
  return {
    zenith: 90 - apparentElevation,
    azimuth: normaliseDegrees(astronomersAzimuth + 180),
    elevation: apparentElevation,
    declination: sun.declination,
    radiusVector: sun.radiusVector,
  };
}

/** Σ_i (Σ_j A cos(B + C·t)) · t^i over the series L0…Ln (or B, R). */
function seriesSum(series: readonly (readonly (readonly [number, number, number])[])[], t: number): number {
  let total = 0;
  let power = 1;
  for (const terms of series) {
    let sum = 0;
    for (const [a, b, c] of terms) sum += a * Math.cos(b + c * t);
    total += sum * power;
    power *= t;
  }
  return total;
}

/** Nutation in longitude and obliquity (degrees), Table A4.3. */
function nutation(jce: number): { longitude: number; obliquity: number } {
  const x0 = (297.85036 + jce * (445267.11148 + jce * (-0.0019142 + jce / 189474))) * DEG;
  const x1 = (357.52772 + jce * (35999.05034 + jce * (-0.0001603 - jce / 300000))) * DEG;
  const x2 = (134.96298 + jce * (477198.867398 + jce * (0.0086972 + jce / 56250))) * DEG;
  const x3 = (93.27191 + jce * (483202.017538 + jce * (-0.0036825 + jce / 327270))) * DEG;
  const x4 = (125.04452 + jce * (-1934.136261 + jce * (0.0020708 + jce / 450000))) * DEG;
  let longitude = 0;
  let obliquity = 0;
  for (const [y0, y1, y2, y3, y4, a, b, c, d] of NUTATION_TERMS) {
    const argument = x0 * y0 + x1 * y1 + x2 * y2 + x3 * y3 + x4 * y4;
    longitude += (a + b * jce) * Math.sin(argument);
    obliquity += (c + d * jce) * Math.cos(argument);
  }
  return { longitude: longitude / 36_000_000, obliquity: obliquity / 36_000_000 };
}

function normaliseDegrees(value: number): number {
  const wrapped = value % 360;
  return wrapped < 0 ? wrapped + 360 : wrapped;
}

/** Spacing of the exactly computed nodes of {@link createSolarPositionCalculator}, in hours. */
const NODE_HOURS = 6;

/**
 * A calculator for many positions at one place, for the viewer and shading: the time-only part (the
 * slow heliocentric and nutation series) is computed exactly every six hours of UT and interpolated
 * between, which changes the result by under 0.0001° and makes a position about ten times cheaper.
 */
export function createSolarPositionCalculator(observer: Observer): (date: Date) => SolarPosition {
  const nodes = new Map<number, GeocentricSun>();
  const sunAtNode = (node: number, deltaT: number): GeocentricSun => {
    let sun = nodes.get(node);
    if (!sun) {
      if (nodes.size > 20_000) nodes.clear();
      sun = geocentricSun((node * NODE_HOURS) / 24 + 2440587.5, deltaT);
      nodes.set(node, sun);
    }
    return sun;
  };
  return (date: Date) => {
    const position = date.getTime() / (3_600_000 * NODE_HOURS);
    const node = Math.floor(position);
    const fraction = position - node;
    const deltaT = observer.deltaT ?? estimateDeltaT(date.getUTCFullYear() + date.getUTCMonth() / 12);
    const a = sunAtNode(node, deltaT);
    const b = sunAtNode(node + 1, deltaT);
    const sun: GeocentricSun = {
      siderealTime: a.siderealTime + 360.98564736629 * ((fraction * NODE_HOURS) / 24),
      rightAscension: a.rightAscension + wrapDifference(b.rightAscension - a.rightAscension) * fraction,
      declination: a.declination + (b.declination - a.declination) * fraction,
      radiusVector: a.radiusVector + (b.radiusVector - a.radiusVector) * fraction,
    };
    return topocentric(sun, observer);
  };
}

function wrapDifference(delta: number): number {
  return delta > 180 ? delta - 360 : delta < -180 ? delta + 360 : delta;
}

/** Whether the sun is above the horizon (its upper limb, with mean refraction) in a position. */
export function isSunUp(position: SolarPosition): boolean {
  return position.elevation > SUNRISE_ELEVATION + 0.5667;
}
