import {
  AVERAGE_DAY_OF_MONTH, DAYS_IN_MONTH, declination, erbsMonthlyDiffuseFraction, interpolateClearness, monthlyMeanDailyTilted, shippedClimatePlaces, sunsetHourAngle,
} from '../../../src/irradiance/browser.ts';
import type { ShadingEngine, SunSample, Vec3 } from '../../../src/solar-design/index.ts';

const DEGREES = 180 / Math.PI;
/** Sample points are raised this far off the surface so rays do not hit the surface itself. */
const LIFT = 0.1;

/**
 * The unshaded monthly irradiation of a site's planes, from the project's own climate model (the local
 * fallback: monthly clearness index, Erbs diffuse fraction, HDKR sky): the same figures the wizard falls
 * back on, for thousands of orientations at once, so no service is asked. Orientations are binned
 * (2° of tilt, 5° of azimuth), which changes a plane's figure by well under 1 %.
 */
export class SiteClimate {
  readonly latitude: number;
  /** Share of diffuse in each month's horizontal irradiation (Erbs et al.), 0–1. */
  readonly diffuseFraction: number[];
  readonly #clearness: number[];
  readonly #planes = new Map<number, Float64Array>();

  constructor(latitude: number, longitude: number) {
    this.latitude = latitude;
    this.#clearness = interpolateClearness(shippedClimatePlaces(), latitude, longitude, undefined).clearnessIndex;
    this.diffuseFraction = this.#clearness.map((kt, month) => erbsMonthlyDiffuseFraction(kt, sunsetHourAngle(latitude, declination(AVERAGE_DAY_OF_MONTH[month]))));
  }

  /** Unshaded irradiation of a plane with unit normal `normal` in each month, kWh/m². */
  plane(normal: Vec3): Float64Array {
    const tilt = Math.round(Math.acos(Math.min(Math.max(normal[1], -1), 1)) * DEGREES / 2) * 2;
    const azimuth = tilt === 0 ? 180 : Math.round(((Math.atan2(normal[0], -normal[2]) * DEGREES + 360) % 360) / 5) * 5 % 360;
    const key = tilt * 1000 + azimuth;
    let monthly = this.#planes.get(key);
    if (!monthly) {
      monthly = Float64Array.from(this.#clearness, (kt, month) => monthlyMeanDailyTilted(this.latitude, month, kt, tilt, azimuth) * DAYS_IN_MONTH[month]);
      this.#planes.set(key, monthly);
    }
    return monthly;
  }
}

/**
 * The irradiation of points of a scene, shading included: for each point, the share of each month's
 * clear-sky beam (sun samples of that month, weighted by their irradiance on the surface) and of the
 * isotropic sky (weighted by their cosine) that the scene blocks, traced with the wizard's shading
 * engine, then combined with the month's diffuse fraction as the engine combines a panel's losses, and
 * applied to the plane's unshaded irradiation.
 */
export class IrradiationTracer {
  readonly #engine: ShadingEngine;
  readonly #sun: SunSample[];
  readonly #sky: Vec3[];
  readonly #climate: SiteClimate;

  constructor(engine: ShadingEngine, sun: SunSample[], sky: Vec3[], climate: SiteClimate) {
    this.#engine = engine;
    this.#sun = sun;
    this.#sky = sky;
    this.#climate = climate;
  }

  /** Writes the 12 monthly irradiations (kWh/m²) of the point into `out` from `offset`. */
  monthly(point: Vec3, normal: Vec3, out: Float32Array, offset = 0): void {
    const origin: Vec3 = [point[0] + normal[0] * LIFT, point[1] + normal[1] * LIFT, point[2] + normal[2] * LIFT];
    const beamTotal = new Float64Array(12);
    const beamLost = new Float64Array(12);
    for (const { direction, weight, month } of this.#sun) {
      const incidence = direction[0] * normal[0] + direction[1] * normal[1] + direction[2] * normal[2];
      if (incidence <= 0) continue;
      beamTotal[month] += weight * incidence;
      if (this.#engine.blocked(origin, direction)) beamLost[month] += weight * incidence;
    }
    let skyTotal = 0;
    let skyLost = 0;
    for (const direction of this.#sky) {
      const incidence = direction[0] * normal[0] + direction[1] * normal[1] + direction[2] * normal[2];
      if (incidence <= 0) continue;
      skyTotal += incidence;
      if (this.#engine.blocked(origin, direction)) skyLost += incidence;
    }
    const skyLoss = skyTotal > 0 ? skyLost / skyTotal : 0;
    const unshaded = this.#climate.plane(normal);
    for (let month = 0; month < 12; month++) {
      const beamLoss = beamTotal[month] > 0 ? beamLost[month] / beamTotal[month] : 0;
      const diffuse = this.#climate.diffuseFraction[month];
      out[offset + month] = unshaded[month] * (1 - ((1 - diffuse) * beamLoss + diffuse * skyLoss));
    }
  }
}
