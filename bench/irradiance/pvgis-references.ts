/**
 * The recorded PVGIS answers as references for the fallback: a plane, PVGIS's monthly and yearly
 * irradiation on it. Every PVcalc answer (its own plane), and every PVGIS row of the climate table that no
 * PVcalc answer stands near (its horizontal irradiation, e.g. the Nevada TMY).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ClearnessIndexEntry } from '../../src/irradiance/climate-entry.ts';
import { greatCircleKm } from '../../src/irradiance/climate-interpolation.ts';
import type { PlaneQuery } from '../../src/irradiance/irradiance-provider.ts';
import { AVERAGE_DAY_OF_MONTH, DAYS_IN_MONTH, extraterrestrialDaily } from '../../src/irradiance/sun-geometry.ts';

export interface PvgisReference {
  label: string;
  query: PlaneQuery & { elevationM: number };
  /** PVGIS's in-plane irradiation, kWh/m², January to December, and the year's. */
  monthly: number[];
  yearly: number;
}

/** A reference and the PVGIS row at the same place is the same data: closer than this, it is removed with it. */
export const SAME_PLACE_KM = 25;

export function pvgisReferences(pvgisDirectory: string, pvgisRows: readonly ClearnessIndexEntry[]): PvgisReference[] {
  const references: PvgisReference[] = [];
  for (const file of fs.readdirSync(pvgisDirectory).filter((f) => f.startsWith('pvcalc_') && f.endsWith('.json')).sort()) {
    const data = JSON.parse(fs.readFileSync(path.join(pvgisDirectory, file), 'utf8'));
    const { latitude, longitude, elevation } = data.inputs.location;
    const fixed = data.inputs.mounting_system.fixed;
    const months = [...data.outputs.monthly.fixed].sort((a, b) => a.month - b.month);
    const query = { latitude, longitude, elevationM: Number(elevation), tiltDeg: Number(fixed.slope.value), azimuthDeg: Number(fixed.azimuth.value) + 180 };
    references.push({
      label: `${latitude}, ${longitude}, tilt ${query.tiltDeg}°, azimuth ${query.azimuthDeg}° (${data.inputs.meteo_data.radiation_db} PVcalc)`,
      query,
      monthly: months.map((m) => Number(m['H(i)_m'])),
      yearly: Number(data.outputs.totals.fixed['H(i)_y']),
    });
  }
  for (const row of pvgisRows) {
    if (references.some((r) => greatCircleKm(r.query.latitude, r.query.longitude, row.latitude, row.longitude) < SAME_PLACE_KM)) continue;
    const monthly = row.clearnessIndex.map((kt, m) => kt * extraterrestrialDaily(row.latitude, AVERAGE_DAY_OF_MONTH[m]) * DAYS_IN_MONTH[m]);
    references.push({
      label: `${row.name}, horizontal (${row.source.split(' (')[0]})`,
      query: { latitude: row.latitude, longitude: row.longitude, elevationM: row.elevationM, tiltDeg: 0, azimuthDeg: 180 },
      monthly,
      yearly: monthly.reduce((a, b) => a + b, 0),
    });
  }
  return references;
}
