/**
 * The climate table from PVGIS: every station's MRcalc answer, one after another, within PVGIS's
 * limit of 30 calls a second. Places PVGIS has no data for are left out and reported; any other failure
 * stops the build, so that a table is never written from a partial, silently degraded run.
 */
import { CallRateLimiter } from '../../src/irradiance/call-rate-limiter.ts';
import type { ClearnessIndexEntry } from '../../src/irradiance/climate-entry.ts';
import { IrradianceRejectedError } from '../../src/irradiance/irradiance-provider.ts';
import { fetchStationClimate, type StationClimateOptions } from './pvgis-station-climate.ts';
import type { ClimateStation } from './stations.ts';

export interface StationOutcome {
  index: number;
  total: number;
  station: ClimateStation;
  entry?: ClearnessIndexEntry;
  refusal?: string;
}

export interface PvgisClimateTable {
  entries: ClearnessIndexEntry[];
  refused: { station: ClimateStation; reason: string }[];
}

/**
 * Fetches every station's climate.
 *
 * @param onStation - called after each station, for a progress line
 * @throws Error naming the station when PVGIS fails for a reason other than having no data there
 */
export async function buildClimateTableFromPvgis(
  stations: readonly ClimateStation[],
  options: StationClimateOptions & { callsPerSecond?: number; onStation?: (outcome: StationOutcome) => void },
): Promise<PvgisClimateTable> {
  const limiter = new CallRateLimiter(options.callsPerSecond ?? 30);
  const table: PvgisClimateTable = { entries: [], refused: [] };
  for (const [index, station] of stations.entries()) {
    const outcome: StationOutcome = { index: index + 1, total: stations.length, station };
    try {
      outcome.entry = await fetchStationClimate(station, options, limiter);
      table.entries.push(outcome.entry);
    } catch (error) {
      if (!(error instanceof IrradianceRejectedError)) throw new Error(`${station.name}: ${(error as Error).message}`);
      outcome.refusal = error.message;
      table.refused.push({ station, reason: error.message });
    }
    options.onStation?.(outcome);
  }
  if (table.entries.length === 0) throw new Error('PVGIS had data for none of the stations');
  return table;
}
