import type { SolarRequest, SolarResult } from '../../../src/contract/solar.ts';
import { computeSolarYield } from '../../../src/domain/solar-yield.ts';
import { fallbackIrradiation } from '../../../src/irradiance/browser.ts';

/** One roof face's array as `POST /api/solar/calculate` takes it, its shading always given. */
export type FaceArray = SolarRequest & { shadingLossFraction: number };

/** The service's answer, and whether it came from the project's own fallback instead. */
export interface FaceYield {
  result: SolarResult;
  fallback: boolean;
}

/**
 * The yield of an array from the service. When the service answers 503 with `useLocalFallback` (PVGIS
 * unreachable), the same formula runs here on the project's local irradiance model, and says so.
 *
 * @throws Error with the service's message for any other refusal (e.g. a location over the sea)
 */
export async function faceYield(array: FaceArray, doFetch: typeof fetch = fetch): Promise<FaceYield> {
  const request = { ...array, tiltDeg: round(array.tiltDeg, 2), azimuthDeg: round(array.azimuthDeg, 2), shadingLossFraction: round(Math.min(Math.max(array.shadingLossFraction, 0), 1), 4) };
  const response = await doFetch('/api/solar/calculate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
  const body = (await response.json().catch(() => ({}))) as SolarResult & { error?: string; useLocalFallback?: boolean };
  if (response.ok) return { result: body, fallback: false };
  if (response.status === 503 && body.useLocalFallback) {
    return { result: computeSolarYield(request, fallbackIrradiation(request)), fallback: true };
  }
  throw new Error(body.error ?? `The yield service answered ${response.status}.`);
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
