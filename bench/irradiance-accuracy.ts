/**
 * Accuracy of the local fallback against every real PVGIS PVcalc answer in ../shared/data/pvgis (same
 * location, tilt and aspect): yearly in-plane irradiation, error per location and mean absolute error.
 * Two columns: with the whole climate table, and leave-one-out (the table without places within 100 km
 * of the point, so that a point is never predicted from its own data). Then a cross-validation of the
 * climate table itself: each place's yearly horizontal irradiation predicted from its nearest other place,
 * the error a query between the table's places can expect.
 *
 *   node bench/irradiance-accuracy.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLEARNESS_INDEX_TABLE } from '../src/irradiance/clearness-index-table.ts';
import { fallbackIrradiation, greatCircleDegrees, nearestClimate } from '../src/irradiance/local-fallback.ts';

const PVGIS = path.resolve(import.meta.dirname, '../../shared/data/pvgis');
if (!fs.existsSync(PVGIS)) {
  console.log(`Skipped: ${PVGIS} (recorded PVGIS answers) is absent.`);
  process.exit(0);
}

const files = fs.readdirSync(PVGIS).filter((f) => f.startsWith('pvcalc_') && f.endsWith('.json')).sort();
const rows: { name: string; pvgis: number; full: number; looErr: number; fullErr: number; loo: number; climate: string }[] = [];
for (const file of files) {
  const data = JSON.parse(fs.readFileSync(path.join(PVGIS, file), 'utf8'));
  const { latitude, longitude } = data.inputs.location;
  const fixed = data.inputs.mounting_system.fixed;
  const query = { latitude, longitude, tiltDeg: Number(fixed.slope.value), azimuthDeg: Number(fixed.azimuth.value) + 180 };
  const pvgis = Number(data.outputs.totals.fixed['H(i)_y']);
  const full = fallbackIrradiation(query).annualGti;
  const others = CLEARNESS_INDEX_TABLE.filter((e) => Math.hypot(e.latitude - latitude, (e.longitude - longitude) * Math.cos((latitude * Math.PI) / 180)) > 0.9);
  const loo = fallbackIrradiation(query, others);
  const nearestOther = others.reduce((best, e) => (Math.hypot(e.latitude - latitude, e.longitude - longitude) < Math.hypot(best.latitude - latitude, best.longitude - longitude) ? e : best));
  rows.push({ name: `${latitude}, ${longitude}, tilt ${query.tiltDeg}°, azimuth ${query.azimuthDeg}°`, pvgis, full, fullErr: (full - pvgis) / pvgis, loo: loo.annualGti, looErr: (loo.annualGti - pvgis) / pvgis, climate: nearestOther.name });
}

console.log(`\n${new Date().toISOString().slice(0, 10)} · ${os.cpus()[0]?.model ?? 'cpu'} · Node ${process.version} · ${files.length} recorded PVGIS PVcalc answers\n`);
console.log('| location and plane | PVGIS H(i)_y kWh/m² | fallback, whole table | error | fallback, leave-one-out (climate used) | error |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.name} | ${r.pvgis.toFixed(1)} | ${r.full.toFixed(1)} | ${(r.fullErr * 100).toFixed(1)} % | ${r.loo.toFixed(1)} (${r.climate}) | ${(r.looErr * 100).toFixed(1)} % |`);
// DRcalc mean-day profiles of a tilted plane: one month, a check of the tilt model (Erbs, R̄b, HDKR).
const dayRows: string[] = [];
for (const file of fs.readdirSync(PVGIS).filter((f) => f.startsWith('drcalc_') && f.endsWith('.json')).sort()) {
  const data = JSON.parse(fs.readFileSync(path.join(PVGIS, file), 'utf8'));
  const plane = data.inputs.plane?.fixed;
  if (!plane || Number(plane.slope.value) === 0) continue;
  const profile = data.outputs.daily_profile as { month: number; 'G(i)': number }[];
  const month = profile[0].month;
  const pvgisDaily = profile.reduce((sum, row) => sum + row['G(i)'], 0) / 1000;
  const query = { latitude: data.inputs.location.latitude, longitude: data.inputs.location.longitude, tiltDeg: Number(plane.slope.value), azimuthDeg: Number(plane.azimuth.value) + 180 };
  const fallbackDaily = fallbackIrradiation(query).monthlyGti[month - 1] / [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  dayRows.push(`| ${query.latitude}, ${query.longitude}, month ${month}, tilt ${query.tiltDeg}°, azimuth ${query.azimuthDeg}° | ${pvgisDaily.toFixed(2)} | ${fallbackDaily.toFixed(2)} | ${(((fallbackDaily - pvgisDaily) / pvgisDaily) * 100).toFixed(1)} % |`);
}

const mae = (key: 'fullErr' | 'looErr') => (rows.reduce((s, r) => s + Math.abs(r[key]), 0) / rows.length) * 100;
console.log(`| mean absolute error | | | ${mae('fullErr').toFixed(1)} % | | ${mae('looErr').toFixed(1)} % |`);

if (dayRows.length > 0) {
  console.log('\nMean day of a month on a tilted plane (PVGIS DRcalc), kWh/m² per day:\n');
  console.log('| location, month and plane | PVGIS | fallback | error |');
  console.log('|---|---:|---:|---:|');
  for (const row of dayRows) console.log(row);
}

console.log(`\nCross-validation of the climate table (${CLEARNESS_INDEX_TABLE.length} places): each place's yearly horizontal irradiation from its nearest other place:\n`);
const crossRows = CLEARNESS_INDEX_TABLE.map((entry) => {
  const others = CLEARNESS_INDEX_TABLE.filter((other) => other !== entry);
  const query = { latitude: entry.latitude, longitude: entry.longitude, tiltDeg: 0, azimuthDeg: 180 };
  const own = fallbackIrradiation(query, [entry]).annualGti;
  const neighbour = nearestClimate(entry.latitude, entry.longitude, others);
  const predicted = fallbackIrradiation(query, [neighbour]).annualGti;
  const km = greatCircleDegrees(entry.latitude, entry.longitude, neighbour.latitude, neighbour.longitude) * 111.2;
  return { entry, neighbour, own, predicted, km, error: (predicted - own) / own };
});
const european = crossRows.filter(({ entry }) => entry.latitude >= 34 && entry.latitude <= 72 && entry.longitude >= -25 && entry.longitude <= 45);
if (crossRows.length <= 30) {
  console.log('| place | own kWh/m² | nearest other place (km) | predicted | error |');
  console.log('|---|---:|---|---:|---:|');
  for (const r of crossRows) console.log(`| ${r.entry.name} | ${r.own.toFixed(0)} | ${r.neighbour.name} (${r.km.toFixed(0)}) | ${r.predicted.toFixed(0)} | ${(r.error * 100).toFixed(1)} % |`);
  console.log('');
}
for (const [label, rows] of [['all places', crossRows], ['European places', european]] as const) {
  if (rows.length === 0) continue;
  const errors = rows.map((r) => Math.abs(r.error)).sort((a, b) => a - b);
  const distances = rows.map((r) => r.km).sort((a, b) => a - b);
  console.log(`${label}: ${rows.length}, mean absolute error ${((errors.reduce((a, b) => a + b, 0) / errors.length) * 100).toFixed(1)} %, ` +
    `within 10 %: ${rows.filter((r) => Math.abs(r.error) <= 0.1).length}, largest ${(errors.at(-1)! * 100).toFixed(1)} %, median distance to the nearest other place ${distances[Math.floor(distances.length / 2)].toFixed(0)} km  `);
}
