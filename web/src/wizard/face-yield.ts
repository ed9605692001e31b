import type { SolarResult } from '../../../src/contract/solar.ts';
import { computeSolarYield } from '../../../src/domain/solar-yield.ts';
import { fallbackIrradiation } from '../../../src/irradiance/browser.ts';
import { faceRequest, type FaceArray, type FaceYield } from '../../../src/solar-design/index.ts';

/**
 * The yield of an array from the service. When the service answers 503 with `useLocalFallback` (PVGIS
 * unreachable), the same formula runs here on the project's local irradiance model, and says so.
 *
 * @throws Error with the service's message for any other refusal (e.g. a location over the sea)
 */
export async function faceYield(array: FaceArray, doFetch: typeof fetch = fetch): Promise<FaceYield<SolarResult>> {
  const request = faceRequest(array);
  const response = await doFetch('/api/solar/calculate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
  const body = (await response.json().catch(() => ({}))) as SolarResult & { error?: string; useLocalFallback?: boolean };
  if (response.ok) return { result: body, fallback: false };
  if (response.status === 503 && body.useLocalFallback) {
    return { result: computeSolarYield(request, fallbackIrradiation(request)), fallback: true };
  }
  throw new Error(body.error ?? `The yield service answered ${response.status}.`);
}
