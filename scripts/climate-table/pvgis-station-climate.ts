/**
 * The climate of one place from PVGIS: its long-term monthly horizontal irradiation (MRcalc with
 * `horirrad=1`, every year of the default radiation database of that place) turned into monthly K̄T.
 */
import type { CallRateLimiter } from '../../src/irradiance/call-rate-limiter.ts';
import type { ClearnessIndexEntry } from '../../src/irradiance/climate-entry.ts';
import { meanMonthlyHorizontal, monthlyClearnessIndex } from '../../src/irradiance/monthly-clearness.ts';
import { getFromPvgis } from '../../src/irradiance/pvgis-request.ts';
import type { ClimateStation } from './stations.ts';

export interface StationClimateOptions {
  /** PVGIS API base, e.g. `https://re.jrc.ec.europa.eu/api/v5_3`. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** For one place's call, its retry included. */
  timeoutMs?: number;
  /** Longest random wait before the one retry of an overloaded or failing PVGIS. */
  retryJitterMs?: number;
  /** The day the answers were fetched, written into each row's source. */
  fetchedOn?: string;
}

interface MrcalcInputs {
  location?: { latitude?: unknown; longitude?: unknown; elevation?: unknown };
  meteo_data?: { radiation_db?: unknown; year_min?: unknown; year_max?: unknown };
}

/**
 * Fetches one place's MRcalc answer (one retry when PVGIS is overloaded or failing) and derives its
 * climate table row.
 *
 * @throws IrradianceRejectedError when PVGIS has no data for the place (over the sea, outside every
 *   database); IrradianceUnavailableError or Error for any other failure
 */
export async function fetchStationClimate(station: ClimateStation, options: StationClimateOptions, limiter: CallRateLimiter): Promise<ClearnessIndexEntry> {
  const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/MRcalc`);
  url.search = new URLSearchParams({ lat: String(station.latitude), lon: String(station.longitude), horirrad: '1', outputformat: 'json' }).toString();
  const body = await getFromPvgis(url.href, { timeoutMs: options.timeoutMs ?? 30_000, retryJitterMs: options.retryJitterMs ?? 1000, fetch: options.fetch ?? globalThis.fetch, limiter });
  const answer = parseJson(body);
  const inputs = ((answer as { inputs?: MrcalcInputs }).inputs ?? {}) as MrcalcInputs;
  const latitude = finiteOr(inputs.location?.latitude, station.latitude);
  const longitude = finiteOr(inputs.location?.longitude, station.longitude);
  // PVGIS echoes the height of its terrain model at the point; a station's own height is the fallback.
  const elevationM = finiteOr(inputs.location?.elevation, station.elevationM ?? 0);
  const database = String(inputs.meteo_data?.radiation_db ?? 'default database');
  const years = inputs.meteo_data?.year_min !== undefined ? ` ${inputs.meteo_data.year_min}–${inputs.meteo_data.year_max}` : '';
  return {
    name: station.name,
    latitude,
    longitude,
    elevationM,
    source: `PVGIS MRcalc, ${database}${years}, horizontal (${url.host}${url.pathname}, fetched ${options.fetchedOn ?? new Date().toISOString().slice(0, 10)})`,
    clearnessIndex: monthlyClearnessIndex(latitude, meanMonthlyHorizontal(answer)),
  };
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new Error('PVGIS answered with something that is not JSON');
  }
}

function finiteOr(value: unknown, fallback: number): number {
  const number = Number(value);
  return value !== undefined && value !== null && Number.isFinite(number) ? number : fallback;
}
