import type { SolarRequest, SolarResult } from '../contract/solar.ts';
import { computeSolarYield } from '../domain/solar-yield.ts';
import type { IrradianceProvider } from '../irradiance/index.ts';

/**
 * The solar calculation behind `POST /api/solar/calculate` and the MCP tool: irradiance from the
 * provider, SPEC.md's formula on top.
 *
 * @throws IrradianceRejectedError when the data service cannot serve the location
 * @throws IrradianceUnavailableError when it cannot be reached (the caller may fall back)
 */
export class SolarService {
  readonly #irradiance: IrradianceProvider;
  constructor(irradiance: IrradianceProvider) {
    this.#irradiance = irradiance;
  }

  async calculate(request: SolarRequest): Promise<SolarResult> {
    const irradiation = await this.#irradiance.irradiation({
      latitude: request.latitude,
      longitude: request.longitude,
      tiltDeg: request.tiltDeg,
      azimuthDeg: request.azimuthDeg,
    });
    return computeSolarYield(request, irradiation);
  }
}
