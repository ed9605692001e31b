/**
 * A reference for how a plane's yearly irradiation varies with its tilt and azimuth, built the way PVGIS
 * builds its own: hourly horizontal beam and diffuse from a recorded PVGIS typical meteorological year,
 * the sun's position each hour (the project's SPA), beam by the incidence angle, diffuse on the tilted
 * plane by Muneer's model as r.sun and PVGIS use it (Šúri & Hofierka 2004), ground reflection with
 * albedo 0.2. It stands in for PVGIS's own answer at orientations nobody recorded, to measure errors of
 * schemes that ask PVGIS at fewer orientations; it is not a second irradiance source.
 */
import fs from 'node:fs';
import { createSolarPositionCalculator } from '../../src/irradiance/solar-position.ts';

const DEG = Math.PI / 180;
const ALBEDO = 0.2;
const SOLAR_CONSTANT = 1367;

/** One hour of the recorded year with the sun's place: what every plane's sum needs. */
interface Hour {
  month: number;
  sunZenith: number;
  sunAzimuth: number;
  beamNormal: number;
  diffuseHorizontal: number;
  globalHorizontal: number;
  /** Beam on the horizontal ÷ extraterrestrial on the horizontal (Muneer's Kb). */
  kb: number;
}

/** A plane's irradiation from the recorded year: yearly and monthly, kWh/m². */
export interface ReferencePlane {
  annual: number;
  monthly: number[];
}

/** The hours of a PVGIS TMY answer (`tmy_hourly`, UTC, W/m²) with the sun placed at each hour's middle. */
export function readTmy(file: string): { latitude: number; longitude: number; hours: Hour[] } {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    inputs: { location: { latitude: number; longitude: number; irradiance_time_offset?: number } };
    outputs: { tmy_hourly: Record<string, number | string>[] };
  };
  const { latitude, longitude } = parsed.inputs.location;
  const offsetH = parsed.inputs.location.irradiance_time_offset ?? 0.5;
  const sun = createSolarPositionCalculator({ latitude, longitude });
  const hours: Hour[] = [];
  for (const row of parsed.outputs.tmy_hourly) {
    const stamp = String(row['time(UTC)']);
    const month = Number(stamp.slice(4, 6)) - 1;
    // A TMY mixes years; the sun's place is taken in one year (2015) at the same date and time.
    const date = new Date(Date.UTC(2015, month, Number(stamp.slice(6, 8)), Number(stamp.slice(9, 11))) + offsetH * 3_600_000);
    const globalHorizontal = Number(row['G(h)']);
    if (globalHorizontal <= 0) continue;
    const position = sun(date);
    const cosZenith = Math.cos(position.zenith * DEG);
    const beamNormal = Number(row['Gb(n)']);
    const extraterrestrialHorizontal = SOLAR_CONSTANT * Math.max(cosZenith, 0.01);
    hours.push({
      month, sunZenith: position.zenith, sunAzimuth: position.azimuth, beamNormal, globalHorizontal,
      diffuseHorizontal: Number(row['Gd(h)']),
      kb: Math.min(1, (beamNormal * Math.max(cosZenith, 0)) / extraterrestrialHorizontal),
    });
  }
  return { latitude, longitude, hours };
}

/** Muneer's sky-diffuse function F(β) with the sky's radiance distribution index N. */
function muneerF(tilt: number, n: number): number {
  return Math.cos(tilt / 2) ** 2 + (Math.sin(tilt) - tilt * Math.cos(tilt) - Math.PI * Math.sin(tilt / 2) ** 2) * n;
}

/** The plane's irradiation over the recorded year (azimuth 0 = north, 180 = south). */
export function planeIrradiation(hours: Hour[], tiltDeg: number, azimuthDeg: number): ReferencePlane {
  const tilt = tiltDeg * DEG;
  const normal = [Math.sin(tilt) * Math.sin(azimuthDeg * DEG), Math.sin(tilt) * Math.cos(azimuthDeg * DEG), Math.cos(tilt)];
  const monthly = new Array<number>(12).fill(0);
  for (const hour of hours) {
    const z = hour.sunZenith * DEG;
    const sunVector = [Math.sin(z) * Math.sin(hour.sunAzimuth * DEG), Math.sin(z) * Math.cos(hour.sunAzimuth * DEG), Math.cos(z)];
    const cosIncidence = normal[0] * sunVector[0] + normal[1] * sunVector[1] + normal[2] * sunVector[2];
    const sunAltitude = 90 - hour.sunZenith;
    const beam = hour.beamNormal * Math.max(0, cosIncidence);
    let diffuse: number;
    if (tiltDeg === 0) diffuse = hour.diffuseHorizontal;
    else if (cosIncidence > 0 && sunAltitude > 0) {
      // Sunlit plane: N from the beam's share (r.sun), the circumsolar part by the incidence.
      const n = 0.00263 - 0.712 * hour.kb - 0.6883 * hour.kb ** 2;
      const circumsolar = sunAltitude >= 5.7 ? cosIncidence / Math.sin(sunAltitude * DEG) : Math.sin(tilt) * Math.cos((hour.sunAzimuth - azimuthDeg) * DEG) / (0.1 - 0.008 * sunAltitude);
      diffuse = hour.diffuseHorizontal * (muneerF(tilt, n) * (1 - hour.kb) + hour.kb * Math.max(0, circumsolar));
    } else diffuse = hour.diffuseHorizontal * muneerF(tilt, 0.25227);
    const reflected = ALBEDO * hour.globalHorizontal * (1 - Math.cos(tilt)) / 2;
    monthly[hour.month] += (beam + diffuse + reflected) / 1000;
  }
  return { annual: monthly.reduce((a, b) => a + b, 0), monthly };
}
