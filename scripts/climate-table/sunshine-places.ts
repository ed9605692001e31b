/**
 * Climate rows from the sunshine-derived climate file (../shared/data/climate/ifi-sunshine-angstrom.csv,
 * its provenance and derivation: SOURCES.md there): each place's monthly mean daily horizontal
 * irradiation, estimated from sunshine hours by Ångström–Prescott, turned into monthly K̄T.
 */
import fs from 'node:fs';
import type { ClearnessIndexEntry } from '../../src/irradiance/climate-entry.ts';
import { monthlyClearnessIndex } from '../../src/irradiance/monthly-clearness.ts';
import { DAYS_IN_MONTH } from '../../src/irradiance/sun-geometry.ts';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const REQUIRED = ['place', 'country', 'lat', 'lon', 'elevation_m', 'source_id', ...MONTHS.map((m) => `ghi_${m}_kwh_m2_day`)];

/**
 * Every place of the file, in its order.
 *
 * @throws Error naming the line and column of the first value that is missing or not a number
 */
export function readSunshinePlaces(csvFile: string): ClearnessIndexEntry[] {
  const [header, ...lines] = fs.readFileSync(csvFile, 'utf8').split(/\r?\n/).filter((line) => line.trim() !== '');
  const columns = splitCsvLine(header);
  const missing = REQUIRED.filter((name) => !columns.includes(name));
  if (missing.length > 0) throw new Error(`${csvFile} has no column ${missing.join(', ')}`);
  return lines.map((line, index) => {
    const cells = splitCsvLine(line);
    const text = (name: string) => cells[columns.indexOf(name)] ?? '';
    const number = (name: string) => {
      const value = Number(text(name));
      if (text(name).trim() === '' || !Number.isFinite(value)) throw new Error(`${csvFile} line ${index + 2}: ${name} is ${JSON.stringify(text(name))}, not a number`);
      return value;
    };
    const latitude = number('lat');
    const dailyGhi = MONTHS.map((m) => number(`ghi_${m}_kwh_m2_day`));
    const country = text('country');
    return {
      name: country ? `${text('place')}, ${country}` : text('place'),
      latitude,
      longitude: number('lon'),
      elevationM: number('elevation_m'),
      source: `${text('source_id')}: monthly sunshine hours → Ångström–Prescott, FAO-56 (ifi-sunshine-angstrom.csv)`,
      clearnessIndex: monthlyClearnessIndex(latitude, dailyGhi.map((ghi, month) => ghi * DAYS_IN_MONTH[month])),
    };
  });
}

/** Splits one CSV line, honouring double-quoted cells (a place name may hold a comma). */
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') cells.push(cell), (cell = '');
    else cell += c;
  }
  cells.push(cell);
  return cells;
}
