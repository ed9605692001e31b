/**
 * The climate table from the PVGIS answers recorded in ../shared/data/pvgis (their provenance:
 * SOURCES.md there): every recording that holds a place's monthly horizontal irradiation.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ClearnessIndexEntry } from '../../src/irradiance/climate-entry.ts';
import { meanMonthlyHorizontal, monthlyClearnessIndex } from '../../src/irradiance/monthly-clearness.ts';
import { DAYS_IN_MONTH } from '../../src/irradiance/sun-geometry.ts';

interface RecordedPlace {
  name: string;
  latitude: number;
  longitude: number;
  elevation: number;
  source: string;
  monthlyGhi: number[];
}

/** Rows for the places recorded in `pvgisDirectory`. */
export function climateFromRecordedAnswers(pvgisDirectory: string): ClearnessIndexEntry[] {
  const read = (name: string) => JSON.parse(fs.readFileSync(path.join(pvgisDirectory, name), 'utf8'));
  const places = [
    fromMrcalc(read, 'mrcalc_v53_45.000_8.000_SARAH3_horizontal.json', 'Piedmont, Italy (45.0 N, 8.0 E)'),
    fromHorizontalPvcalc(read, 'pvcalc_v53_40.4165_-3.70256_SARAH3_angle0_aspect0_300kWp_loss1.extracted.json', 'Madrid, Spain'),
    fromTmy(read, 'tmy_v53_37.2435_-115.8115_ERA5.json', 'Nevada desert, USA'),
  ];
  return places.map((place) => ({
    name: place.name,
    latitude: place.latitude,
    longitude: place.longitude,
    elevationM: place.elevation,
    source: place.source,
    clearnessIndex: monthlyClearnessIndex(place.latitude, place.monthlyGhi),
  }));
}

type Reader = (name: string) => any;

/** MRcalc: monthly horizontal irradiation of every year; the mean of each month. */
function fromMrcalc(read: Reader, file: string, name: string): RecordedPlace {
  const data = read(file);
  const meteo = data.inputs.meteo_data;
  return { name, ...data.inputs.location, source: `PVGIS 5.3 MRcalc, ${meteo.radiation_db} ${meteo.year_min}–${meteo.year_max} (${file})`, monthlyGhi: meanMonthlyHorizontal(data) };
}

/** PVcalc on a horizontal plane: H(i)_m is the monthly horizontal irradiation. */
function fromHorizontalPvcalc(read: Reader, file: string, name: string): RecordedPlace {
  const data = read(file);
  const months = [...data.outputs.monthly.fixed].sort((a, b) => a.month - b.month);
  return { name, ...data.inputs.location, source: `PVGIS 5.3 PVcalc, horizontal, ${data.inputs.meteo_data.radiation_db} (${file})`, monthlyGhi: months.map((m) => Number(m['H(i)_m'])) };
}

/** A typical meteorological year: hourly G(h) in W/m² summed per month (February scaled to 28.25 days). */
function fromTmy(read: Reader, file: string, name: string): RecordedPlace {
  const data = read(file);
  const sums = Array<number>(12).fill(0);
  for (const row of data.outputs.tmy_hourly) sums[Number(String(row['time(UTC)']).slice(4, 6)) - 1] += Number(row['G(h)']) / 1000;
  return { name, ...data.inputs.location, source: `PVGIS 5.3 TMY, ${data.inputs.meteo_data.radiation_db} (${file})`, monthlyGhi: sums.map((s, i) => (s * DAYS_IN_MONTH[i]) / Math.round(DAYS_IN_MONTH[i])) };
}
