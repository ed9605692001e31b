/**
 * Builds src/irradiance/clearness-index-table.ts, the local fallback's climate table: rows from PVGIS
 * (the most trusted) and rows estimated from sunshine hours (about a thousand places worldwide), the
 * latter calibrated against the former.
 *
 *   node scripts/build-clearness-table.ts
 *       PVGIS rows from the answers recorded in ../shared/data/pvgis (three places)
 *   node scripts/build-clearness-table.ts --pvgis https://re.jrc.ec.europa.eu/api/v5_3
 *       PVGIS rows from PVGIS itself: the long-term monthly horizontal irradiation of every place in
 *       scripts/climate-table/stations.ts (about 170 calls, a few minutes)
 *
 * Either way the sunshine rows come from ../shared/data/climate/ifi-sunshine-angstrom.csv (or
 * --climate FILE; --climate none leaves them out). A sunshine place within 25 km of a PVGIS row is left
 * out: PVGIS's row stands for it, and so is a row whose sunshine hours contradict the national weather
 * service's normals (scripts/climate-table/rejected-rows.ts, each with its evidence). Options: --out
 * FILE writes elsewhere (the default is the module above).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ClearnessIndexEntry } from '../src/irradiance/climate-entry.ts';
import { greatCircleKm } from '../src/irradiance/climate-interpolation.ts';
import { decodeClimatePlace, encodeClimatePlace } from '../src/irradiance/climate-table-codec.ts';
import { buildClimateTableFromPvgis } from './climate-table/build-from-pvgis.ts';
import { fitSunshineCalibration } from './climate-table/calibration.ts';
import { climateFromRecordedAnswers } from './climate-table/recorded-places.ts';
import { CLIMATE_STATIONS } from './climate-table/stations.ts';
import { REJECTED_SUNSHINE_ROWS } from './climate-table/rejected-rows.ts';
import { readSunshinePlaces } from './climate-table/sunshine-places.ts';
import { renderClearnessTable } from './climate-table/table-source.ts';

/** A sunshine place this close to a PVGIS row is represented by the PVGIS row alone. */
const SUPERSEDED_KM = 25;
const SHARED = path.resolve(import.meta.dirname, '../../shared/data');

const { values } = parseArgs({ options: { pvgis: { type: 'string' }, climate: { type: 'string' }, out: { type: 'string' } } });
const out = path.resolve(values.out ?? path.join(import.meta.dirname, '../src/irradiance/clearness-index-table.ts'));

try {
  const pvgis = values.pvgis ? await fromPvgis(values.pvgis) : fromRecordings();
  const sunshine = sunshineRows(values.climate ?? path.join(SHARED, 'climate/ifi-sunshine-angstrom.csv'), pvgis.entries);
  const calibration = calibrate(sunshine, pvgis.entries);
  fs.writeFileSync(out, renderClearnessTable({ pvgis: pvgis.entries, sunshine, calibration, provenance: `${pvgis.provenance} ${sunshineProvenance(sunshine)}` }));
  console.log(`Wrote ${pvgis.entries.length} places ${pvgis.from} and ${sunshine.length} from sunshine hours (calibration ${calibration.factor.toFixed(3)}) to ${path.relative(process.cwd(), out)}`);
} catch (error) {
  console.error(`The climate table was not written: ${(error as Error).message}`);
  process.exit(1);
}

interface PvgisRows {
  entries: ClearnessIndexEntry[];
  from: string;
  provenance: string;
}

function fromRecordings(): PvgisRows {
  const directory = path.join(SHARED, 'pvgis');
  if (!fs.existsSync(directory)) throw new Error(`${directory} (the recorded PVGIS answers) is absent; use --pvgis URL to build from PVGIS`);
  return {
    entries: climateFromRecordedAnswers(directory).map(rounded),
    from: 'from the recorded PVGIS answers',
    provenance: 'PVGIS rows: real PVGIS answers (EU JRC) named in their source (the recorded answers and their provenance: ../shared/data/pvgis/SOURCES.md), the monthly horizontal irradiation divided by the extraterrestrial irradiation of the month\'s average day.',
  };
}

async function fromPvgis(baseUrl: string): Promise<PvgisRows> {
  const table = await buildClimateTableFromPvgis(CLIMATE_STATIONS, {
    baseUrl,
    onStation: ({ index, total, station, entry, refusal }) => {
      const counter = `[${String(index).padStart(String(total).length)}/${total}]`;
      const detail = entry ? `K̄T ${Math.min(...entry.clearnessIndex.filter((k) => k > 0)).toFixed(2)}–${Math.max(...entry.clearnessIndex).toFixed(2)}` : `left out: ${refusal}`;
      console.error(`${counter} ${station.name}: ${detail}`);
    },
  });
  return {
    entries: table.entries.map(rounded),
    from: `from PVGIS (${table.refused.length} left out)`,
    provenance: 'PVGIS rows: the long-term monthly horizontal irradiation that PVGIS (EU JRC, © European Union, CC BY 4.0) gives for the place (MRcalc, every year of its default radiation database, named in the source), divided by the extraterrestrial irradiation of the month\'s average day.',
  };
}

/** The sunshine rows not superseded by a PVGIS row nor rejected by the data check, at the precision the table stores. */
function sunshineRows(csvFile: string, pvgis: readonly ClearnessIndexEntry[]): ClearnessIndexEntry[] {
  if (csvFile === 'none') return [];
  if (!fs.existsSync(csvFile)) throw new Error(`${csvFile} (the sunshine-derived climate file) is absent; --climate FILE names another, --climate none leaves the sunshine rows out`);
  const all = readSunshinePlaces(csvFile).map(rounded);
  return all.filter(
    (place) =>
      !REJECTED_SUNSHINE_ROWS.some((rejected) => rejected.name === place.name) &&
      !pvgis.some((row) => greatCircleKm(place.latitude, place.longitude, row.latitude, row.longitude) < SUPERSEDED_KM),
  );
}

function calibrate(sunshine: readonly ClearnessIndexEntry[], pvgis: readonly ClearnessIndexEntry[]): { factor: number; fit: string } {
  if (sunshine.length === 0) return { factor: 1, fit: 'none (no sunshine rows).' };
  const { factor, points } = fitSunshineCalibration(sunshine, pvgis);
  const ratios = points.map((p) => `${p.reference.name ?? `${p.reference.latitude}, ${p.reference.longitude}`} ${(p.pvgisYearly / p.sunshineYearly).toFixed(3)}`);
  return { factor, fit: `the geometric mean over the ${points.length} PVGIS rows of PVGIS's yearly horizontal irradiation ÷ the sunshine rows' estimate there (${ratios.join(', ')}).` };
}

function sunshineProvenance(sunshine: readonly ClearnessIndexEntry[]): string {
  if (sunshine.length === 0) return '';
  return `Sunshine rows: monthly horizontal irradiation estimated from sunshine hours by Ångström–Prescott (FAO-56 coefficients), ../shared/data/climate/ifi-sunshine-angstrom.csv (source, licence and derivation: SOURCES.md there), divided by the extraterrestrial irradiation; a place within ${SUPERSEDED_KM} km of a PVGIS row is left out, and so are ${REJECTED_SUNSHINE_ROWS.map((r) => r.name).join(' and ')}, whose sunshine hours contradict their national weather service's normals (scripts/climate-table/rejected-rows.ts).`;
}

/** The row as the table stores it (K̄T in hundredths), so that the calibration is fitted on what ships. */
function rounded(entry: ClearnessIndexEntry): ClearnessIndexEntry {
  return { ...entry, ...decodeClimatePlace(encodeClimatePlace(entry)) };
}
