import { Type, type Static } from 'typebox';
import { Latitude, Longitude } from './common.ts';

/** SPEC.md "Solar calculation request": a panel configuration at a location. */
export const SolarRequestBody = Type.Object(
  {
    latitude: Latitude,
    longitude: Longitude,
    tiltDeg: Type.Number({ minimum: 0, maximum: 90, description: 'Panel tilt in degrees; 0 = flat' }),
    azimuthDeg: Type.Number({ minimum: 0, maximum: 360, description: 'Panel azimuth in degrees; 0 = north, 90 = east, 180 = south' }),
    panelAreaM2: Type.Number({ exclusiveMinimum: 0, maximum: 100_000, description: 'Total panel area in m²' }),
    panelEfficiency: Type.Number({ minimum: 0, maximum: 1, description: 'Module efficiency, 0 to 1 (typically 0.18 to 0.22)' }),
    shadingLossFraction: Type.Optional(Type.Number({ minimum: 0, maximum: 1, default: 0, description: 'Share of the yield lost to shading, 0 to 1; default 0' })),
  },
  { additionalProperties: false, examples: [{ latitude: 47.141, longitude: 9.5209, tiltDeg: 35, azimuthDeg: 180, panelAreaM2: 20, panelEfficiency: 0.21, shadingLossFraction: 0.05 }] },
);
export type SolarRequest = Static<typeof SolarRequestBody>;

/** SPEC.md "Solar calculation result". */
export const SolarResult = Type.Object({
  annualYieldKwh: Type.Number({ description: 'Estimated annual yield, kWh (0.1 kWh steps)' }),
  peakPowerKw: Type.Number({ description: 'panelAreaM2 × panelEfficiency, kW' }),
  specificYield: Type.Number({ description: 'annualYieldKwh / peakPowerKw, kWh/kWp' }),
  monthlyKwh: Type.Array(Type.Number(), { minItems: 12, maxItems: 12, description: 'January to December; adds up to annualYieldKwh' }),
  source: Type.String({ description: 'Identifier of the irradiance data service' }),
});
export type SolarResult = Static<typeof SolarResult>;

/**
 * Why no yield can be calculated while the irradiance service is down: the REST answer's 503 (beside
 * `useLocalFallback`, which tells the service's own viewer to estimate the yield itself) and the MCP
 * tool's error say it alike.
 */
export const IRRADIANCE_DOWN = 'The irradiance data service (PVGIS) is unreachable right now, so no yield can be calculated. Try again in a few minutes.';
