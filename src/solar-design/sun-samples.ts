import { createSolarPositionCalculator } from '../irradiance/browser.ts';
import { sunDirection } from './sun-direction.ts';
import type { Vec3 } from './face-frame.ts';

/** One sun position of the year and the clear-sky beam irradiance it brings. */
export interface SunSample {
  /** Unit vector toward the sun (+X east, +Y up, +Z south). */
  direction: Vec3;
  /** Direct normal irradiance under a clear sky, W/m², times the sample's share of the year. */
  weight: number;
  /** Month of the sample, 0 = January (the heatmap's monthly figures group by it). */
  month: number;
}

const RADIANS = Math.PI / 180;

/**
 * Sun positions over a year for shading: the 21st of each month, every `stepMinutes` while the sun is
 * up, from the project's solar position module. Each carries its clear-sky beam irradiance (Kasten–Young
 * air mass, Meinel's attenuation), so low winter suns count for less than summer noons.
 */
export function yearlySunSamples(latitude: number, longitude: number, stepMinutes = 30, year = 2025): SunSample[] {
  const position = createSolarPositionCalculator({ latitude, longitude });
  const samples: SunSample[] = [];
  // Start each day at local mean midnight so the whole day is covered wherever the site is.
  const midnightOffsetMs = (-longitude / 15) * 3_600_000;
  for (let month = 0; month < 12; month++) {
    const start = Date.UTC(year, month, 21) + midnightOffsetMs;
    for (let minutes = 0; minutes < 1440; minutes += stepMinutes) {
      const sun = position(new Date(start + minutes * 60_000));
      if (sun.elevation <= 0) continue;
      const { x, y, z } = sunDirection(sun.azimuth, sun.elevation);
      samples.push({ direction: [x, y, z], weight: clearSkyDni(sun.zenith * RADIANS), month });
    }
  }
  return samples;
}

/** Direct normal irradiance under a clear sky at sea level, W/m² (Meinel & Meinel, with Kasten–Young air mass). */
export function clearSkyDni(zenithRadians: number): number {
  const zenithDeg = zenithRadians / RADIANS;
  if (zenithDeg >= 90) return 0;
  const airMass = 1 / (Math.cos(zenithRadians) + 0.50572 * (96.07995 - zenithDeg) ** -1.6364);
  return 1353 * 0.7 ** (airMass ** 0.678);
}

/**
 * `count` directions spread evenly (equal solid angle) over the sky above the horizon, for the diffuse
 * part: a Fibonacci lattice on the upper hemisphere.
 */
export function skyDirections(count = 96): Vec3[] {
  const golden = Math.PI * (3 - Math.sqrt(5));
  const directions: Vec3[] = [];
  for (let i = 0; i < count; i++) {
    const y = 1 - (i + 0.5) / count;
    const r = Math.sqrt(1 - y * y);
    directions.push([Math.cos(golden * i) * r, y, Math.sin(golden * i) * r]);
  }
  return directions;
}
