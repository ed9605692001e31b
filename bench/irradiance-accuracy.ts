/**
 * Accuracy of the local fallback (climate table, interpolation, tilted-plane model).
 *
 * 1. Against every recorded PVGIS answer in ../shared/data/pvgis: the in-plane irradiation of its plane,
 *    predicted with the PVGIS row of that place removed and the sunshine calibration refitted without it.
 * 2. Leave-one-out over the European places of the table (34–72 N, 25 W–45 E): each predicted with itself
 *    and every place within 50 km removed, compared with its own row, by year and by month. This measures
 *    the interpolation between places; (1) measures how far the rows themselves are from PVGIS.
 * 3. The choice of the interpolation's parameters, cross-validated on the places outside Europe, and
 *    variants tried (more in bench/irradiance-isolation.ts).
 * 4. The rows the table builder rejects (scripts/climate-table/rejected-rows.ts), predicted from the table.
 *
 *   node bench/irradiance-accuracy.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ClimatePlace } from '../src/irradiance/climate-entry.ts';
import { SUNSHINE_PROVENANCE } from '../src/irradiance/clearness-index-table.ts';
import { DEFAULT_INTERPOLATION, greatCircleKm, type InterpolationOptions } from '../src/irradiance/climate-interpolation.ts';
import { climatePlaces, shippedClimateTable } from '../src/irradiance/climate-places.ts';
import { fallbackIrradiation } from '../src/irradiance/local-fallback.ts';
import { DAYS_IN_MONTH } from '../src/irradiance/sun-geometry.ts';
import { fitSunshineCalibration } from '../scripts/climate-table/calibration.ts';
import { climateFromRecordedAnswers } from '../scripts/climate-table/recorded-places.ts';
import { REJECTED_SUNSHINE_ROWS } from '../scripts/climate-table/rejected-rows.ts';
import { readSunshinePlaces } from '../scripts/climate-table/sunshine-places.ts';
import { leaveOneOut, type Plane, summarise } from './irradiance/leave-one-out.ts';
import { pvgisReferences, SAME_PLACE_KM } from './irradiance/pvgis-references.ts';

const PVGIS = path.resolve(import.meta.dirname, '../../shared/data/pvgis');
if (!fs.existsSync(PVGIS)) {
  console.log(`Skipped: ${PVGIS} (recorded PVGIS answers) is absent.`);
  process.exit(0);
}
const pct = (fraction: number, digits = 1) => `${(fraction * 100).toFixed(digits)} %`;
const signed = (fraction: number) => `${fraction >= 0 ? '+' : '−'}${Math.abs(fraction * 100).toFixed(1)} %`;
const table = shippedClimateTable();
const places = climatePlaces(table);
const options = DEFAULT_INTERPOLATION;
/** The estimate before kriging: inverse-distance weighting of trend-shifted K̄T over the nearest 8 places. */
const IDW_BEFORE: InterpolationOptions = { neighbours: 8, power: 2, smoothingKm: 25, clearnessPerKm: 0, latitudeTrend: true };

console.log(`\n${new Date().toISOString().slice(0, 10)} · ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length} · Node ${process.version}`);
console.log(`Table: ${table.pvgis.length} PVGIS rows, ${table.sunshine.length} sunshine rows (calibration × ${table.calibration.toFixed(3)}); interpolation ${JSON.stringify(options)}\n`);

// 1. Against the recorded PVGIS answers, each with its own PVGIS row removed.
const recorded = climateFromRecordedAnswers(PVGIS);
console.log('## Against the recorded PVGIS answers\n');
console.log('Each answer predicted without the PVGIS row of its place (the calibration refitted on the other PVGIS rows); "50 km" also removes every');
console.log('sunshine place within 50 km, as the leave-one-out below does. "uncalibrated": the same with the sunshine rows as the climate file gives them.\n');
console.log('| PVGIS answer | PVGIS H(i)_y kWh/m² | fallback | error | 50 km | error | uncalibrated | error | calibration | monthly mean abs. error (50 km) |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const pvgisErrors: { own: number; km50: number; uncalibrated: number }[] = [];
for (const reference of pvgisReferences(PVGIS, recorded)) {
  const within = (km: number) => (p: { latitude: number; longitude: number }) => greatCircleKm(p.latitude, p.longitude, reference.query.latitude, reference.query.longitude) < km;
  const pvgisRows = table.pvgis.filter((row) => !within(SAME_PLACE_KM)(row));
  const factor = pvgisRows.length > 0 ? fitSunshineCalibration(table.sunshine, pvgisRows, options).factor : 1;
  const predict = (excludeKm: number, calibration: number) => {
    const rest = { ...table, pvgis: pvgisRows.filter((row) => !within(excludeKm)(row)), sunshine: table.sunshine.filter((row) => !within(excludeKm)(row)) };
    return fallbackIrradiation(reference.query, climatePlaces(rest, calibration), options);
  };
  const own = predict(0, factor);
  const km50 = predict(50, factor);
  const uncalibrated = predict(0, 1);
  const error = (answer: { annualGti: number }) => answer.annualGti / reference.yearly - 1;
  const monthly = summarise(km50.monthlyGti.map((v, m) => v / reference.monthly[m] - 1)).meanAbsolute;
  pvgisErrors.push({ own: error(own), km50: error(km50), uncalibrated: error(uncalibrated) });
  console.log(`| ${reference.label} | ${reference.yearly.toFixed(1)} | ${own.annualGti.toFixed(1)} | ${signed(error(own))} | ${km50.annualGti.toFixed(1)} | ${signed(error(km50))} | ${uncalibrated.annualGti.toFixed(1)} | ${signed(error(uncalibrated))} | × ${factor.toFixed(3)} | ${pct(monthly)} |`);
}
const meanAbs = (key: 'own' | 'km50' | 'uncalibrated') => pct(pvgisErrors.reduce((s, e) => s + Math.abs(e[key]), 0) / pvgisErrors.length);
console.log(`| mean absolute error | | | ${meanAbs('own')} | | ${meanAbs('km50')} | | ${meanAbs('uncalibrated')} | | |`);

// The tilted-plane model alone: PVGIS's mean day of a month on a tilted plane (DRcalc), the climate from
// PVGIS's own horizontal irradiation at the same point (the table's PVGIS row there).
console.log('\nMean day of a month on a tilted plane (PVGIS DRcalc), kWh/m² per day, climate from the PVGIS row at the point:\n');
console.log('| location, month and plane | PVGIS | fallback | error |');
console.log('|---|---:|---:|---:|');
for (const file of fs.readdirSync(PVGIS).filter((f) => f.startsWith('drcalc_') && f.endsWith('.json')).sort()) {
  const data = JSON.parse(fs.readFileSync(path.join(PVGIS, file), 'utf8'));
  const plane = data.inputs.plane?.fixed;
  if (!plane || Number(plane.slope.value) === 0) continue;
  const profile = data.outputs.daily_profile as { month: number; 'G(i)': number }[];
  const month = profile[0].month;
  const pvgisDaily = profile.reduce((sum, row) => sum + row['G(i)'], 0) / 1000;
  const query = { latitude: data.inputs.location.latitude, longitude: data.inputs.location.longitude, tiltDeg: Number(plane.slope.value), azimuthDeg: Number(plane.azimuth.value) + 180 };
  const atPoint = table.pvgis.filter((row) => greatCircleKm(row.latitude, row.longitude, query.latitude, query.longitude) < SAME_PLACE_KM);
  const fallbackDaily = fallbackIrradiation(query, atPoint, options).monthlyGti[month - 1] / DAYS_IN_MONTH[month - 1];
  console.log(`| ${query.latitude}, ${query.longitude}, month ${month}, tilt ${query.tiltDeg}°, azimuth ${query.azimuthDeg}° | ${pvgisDaily.toFixed(2)} | ${fallbackDaily.toFixed(2)} | ${signed(fallbackDaily / pvgisDaily - 1)} |`);
}

// 2. Leave-one-out over the European places.
const europe = (p: { latitude: number; longitude: number }) => p.latitude >= 34 && p.latitude <= 72 && p.longitude >= -25 && p.longitude <= 45;
const sunshinePlaces = places.slice(table.pvgis.length).map((place, i) => ({ place, name: SUNSHINE_PROVENANCE[i][0] }));
const european = sunshinePlaces.filter(({ place }) => europe(place));
const variants: [string, InterpolationOptions, boolean, readonly ClimatePlace[]][] = [
  ['before: the 3 PVGIS places, nearest (baseline)', { neighbours: 1, power: 1, smoothingKm: 0, clearnessPerKm: 0 }, false, table.pvgis],
  ['this table, nearest place', { neighbours: 1, power: 1, smoothingKm: 0, clearnessPerKm: 0 }, false, places],
  ['this table, inverse-distance weighting, no latitude trend', { ...IDW_BEFORE, latitudeTrend: false }, false, places],
  ['this table, inverse-distance weighting with the latitude trend (before)', IDW_BEFORE, false, places],
  ['this table, kriging of the departures from the latitude trend (shipped)', options, false, places],
  ['… + elevation term 0.02 K̄T/km, query height known', { ...options, clearnessPerKm: 0.02 }, true, places],
  ['… + elevation term 0.04 K̄T/km, query height known', { ...options, clearnessPerKm: 0.04 }, true, places],
];
for (const plane of ['equator-facing 35°', 'horizontal'] as Plane[]) {
  console.log(`\n## Leave-one-out, ${european.length} European places, 50 km exclusion: yearly irradiation on a ${plane} plane\n`);
  console.log('| estimate | mean abs. error | bias | p90 | worst | within 7 % | within 15 % |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [label, interpolation, withElevation, from] of variants) {
    const s = summarise(leaveOneOut(european, from, { excludeKm: 50, plane, interpolation, withElevation }).map((o) => o.yearly));
    console.log(`| ${label} | ${pct(s.meanAbsolute)} | ${signed(s.bias)} | ${pct(s.p90)} | ${pct(s.worst)} | ${s.within7}/${s.count} | ${s.within15}/${s.count} |`);
  }
}
const shipped = leaveOneOut(european, places, { excludeKm: 50, plane: 'equator-facing 35°', interpolation: options, withElevation: false });
const upland = (o: { place: ClimatePlace }) => o.place.elevationM >= 500;
for (const [label, interpolation, withElevation] of variants.slice(1)) {
  const outcomes = leaveOneOut(european.filter(upland), places, { excludeKm: 50, plane: 'equator-facing 35°', interpolation, withElevation });
  const s = summarise(outcomes.map((o) => o.yearly));
  console.log(`${s.count} European places at 500 m or higher, ${label}: mean abs. error ${pct(s.meanAbsolute)}, bias ${signed(s.bias)}, worst ${pct(s.worst)}  `);
}
console.log('\nBy month (shipped estimate, 35° plane): mean absolute error, p90\n');
console.log(`| | ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].join(' | ')} |`);
console.log(`|---|${'---:|'.repeat(12)}`);
const byMonth = Array.from({ length: 12 }, (_, m) => summarise(shipped.map((o) => o.monthly[m])));
console.log(`| mean abs. | ${byMonth.map((s) => pct(s.meanAbsolute)).join(' | ')} |`);
console.log(`| p90 | ${byMonth.map((s) => pct(s.p90)).join(' | ')} |`);
console.log('\nLargest yearly errors (35° plane), shipped and before (inverse-distance weighting with the trend; the largest of either):\n');
const untrended = leaveOneOut(european, places, { excludeKm: 50, plane: 'equator-facing 35°', interpolation: IDW_BEFORE, withElevation: false });
const largest = shipped.map((o, i) => ({ o, without: untrended[i].yearly })).sort((a, b) => Math.max(Math.abs(b.o.yearly), Math.abs(b.without)) - Math.max(Math.abs(a.o.yearly), Math.abs(a.without)));
for (const { o, without } of largest.slice(0, 10)) {
  console.log(`- ${o.name} (${o.place.elevationM} m): ${signed(o.yearly)} (before ${signed(without)}), nearest place used ${o.nearestKm.toFixed(0)} km away`);
}

// 3. The parameters, chosen on the places outside Europe, then tried on Europe.
const outside = sunshinePlaces.filter(({ place }) => !europe(place));
const grid: InterpolationOptions[] = [];
for (const neighbours of [1, 4, 6, 8, 12]) for (const power of [1, 2, 3]) for (const smoothingKm of [0, 25, 50]) for (const clearnessPerKm of [-0.02, 0, 0.02, 0.04]) grid.push({ neighbours, power, smoothingKm, clearnessPerKm });
const scored = grid.map((interpolation) => {
  const score = (targets: typeof european) => summarise(leaveOneOut(targets, places, { excludeKm: 50, plane: 'horizontal', interpolation, withElevation: true }).map((o) => o.yearly)).meanAbsolute;
  return { interpolation, outside: score(outside), europe: score(european) };
}).sort((a, b) => a.outside - b.outside);
console.log(`\n## The interpolation's parameters (without the latitude trend): leave-one-out (50 km) of yearly horizontal irradiation, ${outside.length} places outside Europe, ${grid.length} combinations\n`);
console.log('| neighbours | power | smoothing km | K̄T per km of height | outside Europe | Europe |');
console.log('|---:|---:|---:|---:|---:|---:|');
const show = [...scored.slice(0, 5), ...scored.filter((s) => s.interpolation.neighbours === IDW_BEFORE.neighbours && s.interpolation.power === IDW_BEFORE.power && s.interpolation.smoothingKm === IDW_BEFORE.smoothingKm && s.interpolation.clearnessPerKm !== IDW_BEFORE.clearnessPerKm)];
for (const s of show) console.log(`| ${s.interpolation.neighbours} | ${s.interpolation.power} | ${s.interpolation.smoothingKm} | ${s.interpolation.clearnessPerKm} | ${pct(s.outside, 2)} | ${pct(s.europe, 2)} |`);

// Variants tried: the same leave-one-out outside Europe (where the parameters are chosen) and in Europe.
const plain = { ...IDW_BEFORE, latitudeTrend: false };
const tried: [string, InterpolationOptions][] = [
  ['without the latitude trend', plain],
  ['without the latitude trend, power 3, 50 km smoothing', { ...plain, power: 3, smoothingKm: 50 }],
  ['latitude trend (before)', { ...plain, latitudeTrend: true }],
  ['latitude trend, power 3, 50 km smoothing', { ...plain, latitudeTrend: true, power: 3, smoothingKm: 50 }],
  ['latitude trend, 12 places, power 3, 50 km smoothing', { ...plain, latitudeTrend: true, neighbours: 12, power: 3, smoothingKm: 50 }],
  ['kriging of the departures from the latitude trend, ordinary, 24 places (shipped)', options],
];
console.log(`\n## Variants (leave-one-out, 50 km): outside Europe (${outside.length} places) and Europe (${european.length})\n`);
console.log('| variant | outside: mean abs., horizontal | outside: mean abs., 35° | outside: beyond 15 %, 35° | Europe: mean abs., 35° | Europe: worst, 35° | Europe: within 15 % |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const [label, interpolation] of tried) {
  const run = (targets: typeof european, plane: Plane) => summarise(leaveOneOut(targets, places, { excludeKm: 50, plane, interpolation, withElevation: false }).map((o) => o.yearly));
  const [oh, o35, e35] = [run(outside, 'horizontal'), run(outside, 'equator-facing 35°'), run(european, 'equator-facing 35°')];
  console.log(`| ${label} | ${pct(oh.meanAbsolute, 2)} | ${pct(o35.meanAbsolute, 2)} | ${o35.count - o35.within15}/${o35.count} | ${pct(e35.meanAbsolute, 2)} | ${pct(e35.worst)} | ${e35.within15}/${e35.count} |`);
}

// 4. The rows the builder rejects, predicted from the table as any other place (50 km exclusion), against their rejected rows.
const CLIMATE_CSV = path.resolve(import.meta.dirname, '../../shared/data/climate/ifi-sunshine-angstrom.csv');
if (fs.existsSync(CLIMATE_CSV)) {
  const rejected = readSunshinePlaces(CLIMATE_CSV)
    .filter((row) => REJECTED_SUNSHINE_ROWS.some((r) => r.name === row.name))
    .map((row) => ({ name: row.name, place: climatePlaces({ pvgis: [], sunshine: [row], calibration: table.calibration })[0] }));
  const outcomes = leaveOneOut(rejected, places, { excludeKm: 50, plane: 'equator-facing 35°', interpolation: options, withElevation: false });
  console.log('\n## Rows rejected by the data check, predicted from the table (35° plane, against the rejected row)\n');
  for (const o of outcomes) console.log(`- ${o.name}: ${signed(o.yearly)} (${REJECTED_SUNSHINE_ROWS.find((r) => r.name === o.name)!.reason})`);
  const all = summarise([...shipped, ...outcomes].map((o) => o.yearly));
  console.log(`\nThe European leave-one-out with them counted as well: ${all.count} places, mean abs. error ${pct(all.meanAbsolute)}, worst ${pct(all.worst)}, within 15 % ${all.within15}/${all.count}`);
}
