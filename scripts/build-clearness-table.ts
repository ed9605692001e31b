/**
 * Builds src/irradiance/clearness-index-table.ts, the local fallback's climate input.
 *
 *   node scripts/build-clearness-table.ts
 *       from the PVGIS answers recorded in ../shared/data/pvgis (three places)
 *   node scripts/build-clearness-table.ts --pvgis https://re.jrc.ec.europa.eu/api/v5_3
 *       from PVGIS itself: the long-term monthly horizontal irradiation of every place in
 *       scripts/climate-table/stations.ts (about 170 calls, a few minutes)
 *
 * Options: --out FILE writes elsewhere (the default is the module above).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildClimateTableFromPvgis } from './climate-table/build-from-pvgis.ts';
import { climateFromRecordedAnswers } from './climate-table/recorded-places.ts';
import { CLIMATE_STATIONS } from './climate-table/stations.ts';
import { renderClearnessTable } from './climate-table/table-source.ts';

const { values } = parseArgs({ options: { pvgis: { type: 'string' }, out: { type: 'string' } } });
const out = path.resolve(values.out ?? path.join(import.meta.dirname, '../src/irradiance/clearness-index-table.ts'));

try {
  const source = values.pvgis ? await fromPvgis(values.pvgis) : fromRecordings();
  fs.writeFileSync(out, source);
} catch (error) {
  console.error(`The climate table was not written: ${(error as Error).message}`);
  process.exit(1);
}

function fromRecordings(): string {
  const directory = path.resolve(import.meta.dirname, '../../shared/data/pvgis');
  if (!fs.existsSync(directory)) throw new Error(`${directory} (the recorded PVGIS answers) is absent; use --pvgis URL to build from PVGIS`);
  const entries = climateFromRecordedAnswers(directory);
  console.log(`Wrote ${entries.length} places from the recorded answers to ${path.relative(process.cwd(), out)}`);
  return renderClearnessTable(entries, 'Each row is derived from a real PVGIS answer (EU JRC) named in `source` (the recorded answers and their provenance: ../shared/data/pvgis/SOURCES.md): the monthly horizontal irradiation divided by the extraterrestrial irradiation of the month\'s average day.');
}

async function fromPvgis(baseUrl: string): Promise<string> {
  const table = await buildClimateTableFromPvgis(CLIMATE_STATIONS, {
    baseUrl,
    onStation: ({ index, total, station, entry, refusal }) => {
      const counter = `[${String(index).padStart(String(total).length)}/${total}]`;
      const detail = entry ? `K̄T ${Math.min(...entry.clearnessIndex.filter((k) => k > 0)).toFixed(2)}–${Math.max(...entry.clearnessIndex).toFixed(2)}` : `left out: ${refusal}`;
      console.error(`${counter} ${station.name}: ${detail}`);
    },
  });
  console.log(`Wrote ${table.entries.length} places from PVGIS (${table.refused.length} left out) to ${path.relative(process.cwd(), out)}`);
  return renderClearnessTable(table.entries, 'Each row is the long-term monthly horizontal irradiation that PVGIS (EU JRC, © European Union, CC BY 4.0) gives for the place (MRcalc, every year of its default radiation database, named in `source`), divided by the extraterrestrial irradiation of the month\'s average day.');
}
