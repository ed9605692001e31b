/**
 * The climate of one place from PVGIS: its long-term monthly horizontal irradiation (MRcalc with
 * `horirrad=1`, every year of the default radiation database of that place) turned into monthly K̄T.
 */
import { CallRateLimiter } from '../../src/irradiance/call-rate-limiter.ts';
import type { ClearnessIndexEntry } from '../../src/irradiance/climate-entry.ts';
import { meanMonthlyHorizontal, monthlyClearnessIndex } from '../../src/irradiance/monthly-clearness.ts';
import type { ClimateStation } from './stations.ts';

/** PVGIS has no data for the place (over the sea, outside every database): the place is left out. */
export class StationRefusedError extends Error {}

export interface StationClimateOptions {
  /** PVGIS API base, e.g. `https://re.jrc.ec.europa.eu/api/v5_3`. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Per attempt. */
  timeoutMs?: number;
  /** Longest random wait before the one retry of an overloaded or failing PVGIS. */
  retryJitterMs?: number;
  /** The day the answers were fetched, written into each row's source. */
  fetchedOn?: string;
}

interface MrcalcInputs {
  location?: { latitude?: unknown; longitude?: unknown };
  meteo_data?: { radiation_db?: unknown; year_min?: unknown; year_max?: unknown };
}

const RETRYABLE = (status: number) => status === 429 || status === 529 || status >= 500;

/**
 * Fetches one place's MRcalc answer (one retry on 429, 529, 5xx or a network failure) and derives its
 * climate table row.
 *
 * @throws StationRefusedError when PVGIS answers 400 for the place; Error for any other failure
 */
export async function fetchStationClimate(station: ClimateStation, options: StationClimateOptions, limiter?: CallRateLimiter): Promise<ClearnessIndexEntry> {
  const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/MRcalc`);
  url.search = new URLSearchParams({ lat: String(station.latitude), lon: String(station.longitude), horirrad: '1', outputformat: 'json' }).toString();
  const answer = await fetchWithOneRetry(url, options, limiter);
  const inputs = ((answer as { inputs?: MrcalcInputs }).inputs ?? {}) as MrcalcInputs;
  const latitude = finiteOr(inputs.location?.latitude, station.latitude);
  const longitude = finiteOr(inputs.location?.longitude, station.longitude);
  const database = String(inputs.meteo_data?.radiation_db ?? 'default database');
  const years = inputs.meteo_data?.year_min !== undefined ? ` ${inputs.meteo_data.year_min}–${inputs.meteo_data.year_max}` : '';
  return {
    name: station.name,
    latitude,
    longitude,
    source: `PVGIS MRcalc, ${database}${years}, horizontal (${url.host}${url.pathname}, fetched ${options.fetchedOn ?? new Date().toISOString().slice(0, 10)})`,
    clearnessIndex: monthlyClearnessIndex(latitude, meanMonthlyHorizontal(answer)).map((kt) => Math.round(kt * 1000) / 1000),
  };
}

async function fetchWithOneRetry(url: URL, options: StationClimateOptions, limiter?: CallRateLimiter): Promise<unknown> {
  const doFetch = options.fetch ?? globalThis.fetch;
  let lastProblem = '';
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * (options.retryJitterMs ?? 1000)));
    await limiter?.acquire();
    let response: Response;
    try {
      response = await doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
    } catch (error) {
      lastProblem = `PVGIS could not be reached (${(error as Error).message})`;
      continue;
    }
    const body = await response.text();
    if (response.ok) {
      try {
        return JSON.parse(body);
      } catch {
        throw new Error('PVGIS answered with something that is not JSON');
      }
    }
    if (response.status === 400) throw new StationRefusedError(pvgisMessage(body) ?? 'PVGIS answered 400');
    lastProblem = `PVGIS answered ${response.status}${pvgisMessage(body) ? `: ${pvgisMessage(body)}` : ''}`;
    if (!RETRYABLE(response.status)) break;
  }
  throw new Error(lastProblem);
}

/** PVGIS explains refusals in a JSON `message`. */
function pvgisMessage(body: string): string | undefined {
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return body.trim().slice(0, 200) || undefined;
  }
}

function finiteOr(value: unknown, fallback: number): number {
  const number = Number(value);
  return value !== undefined && value !== null && Number.isFinite(number) ? number : fallback;
}
