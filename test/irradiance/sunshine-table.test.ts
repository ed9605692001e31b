import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';
import { fitSunshineCalibration } from '../../scripts/climate-table/calibration.ts';
import { REJECTED_SUNSHINE_ROWS } from '../../scripts/climate-table/rejected-rows.ts';
import { readSunshinePlaces } from '../../scripts/climate-table/sunshine-places.ts';
import { greatCircleKm } from '../../src/irradiance/climate-interpolation.ts';
import { decodeClimatePlace } from '../../src/irradiance/climate-table-codec.ts';
import { AVERAGE_DAY_OF_MONTH, extraterrestrialDaily } from '../../src/irradiance/sun-geometry.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';

const run = promisify(execFile);
const CSV = 'climate/ifi-sunshine-angstrom.csv';
const RECORDED = 'pvgis/mrcalc_v53_45.000_8.000_SARAH3_horizontal.json';
const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/build-clearness-table.ts');
const SHIPPED = path.resolve(import.meta.dirname, '../../src/irradiance/clearness-index-table.ts');
const missing = !sharedDataFile(CSV) ? missingSharedData(CSV) : !sharedDataFile(RECORDED) ? missingSharedData(RECORDED) : false;

interface TableModule {
  PVGIS_ROWS: string[];
  SUNSHINE_ROWS: string[];
  SUNSHINE_CALIBRATION: number;
  PVGIS_PROVENANCE: [string, number][];
  SUNSHINE_PROVENANCE: [string, number][];
  ROW_SOURCES: string[];
}

describe('the climate table built from the sunshine-derived climate file', { skip: missing }, () => {
  test('every place of the file becomes a row: K̄T is its horizontal irradiation over the extraterrestrial', () => {
    const csv = fs.readFileSync(sharedDataFile(CSV)!, 'utf8').trim().split('\n');
    const places = readSunshinePlaces(sharedDataFile(CSV)!);
    assert.equal(places.length, csv.length - 1);
    const madridLine = csv.find((line) => line.startsWith('Madrid,'))!.split(',');
    const madrid = places.find((p) => p.name === 'Madrid, Spain')!;
    assert.deepEqual([madrid.latitude, madrid.longitude, madrid.elevationM], [Number(madridLine[2]), Number(madridLine[3]), Number(madridLine[4])]);
    madrid.clearnessIndex.forEach((kt, month) => {
      const daily = kt * extraterrestrialDaily(madrid.latitude, AVERAGE_DAY_OF_MONTH[month]);
      assert.ok(Math.abs(daily - Number(madridLine[6 + month])) < 1e-9, `month ${month + 1}: ${daily} vs ${madridLine[6 + month]}`);
    });
    // Ångström–Prescott with FAO-56 coefficients bounds K̄T to 0.25–0.75 wherever the sun rises.
    const outside = places.flatMap((p) => p.clearnessIndex.filter((kt) => kt !== 0 && (kt < 0.249 || kt > 0.751)).map((kt) => `${p.name} ${kt}`));
    assert.deepEqual(outside, []);
    const pole = places.find((p) => p.name.startsWith('Amundsen-Scott'))!;
    assert.equal(pole.clearnessIndex[5], 0, 'June at the South Pole');
    assert.match(madrid.source, /Ångström–Prescott/);
  });

  test('the script writes PVGIS rows, the sunshine rows they do not supersede, a fitted calibration and every row’s provenance', async () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'climate-')), 'table.ts');
    const { stdout } = await run(process.execPath, [SCRIPT, '--out', out]);
    const table = (await import(out)) as TableModule;
    const pvgis = table.PVGIS_ROWS.map(decodeClimatePlace);
    const sunshine = table.SUNSHINE_ROWS.map(decodeClimatePlace);
    const all = readSunshinePlaces(sharedDataFile(CSV)!);
    const superseded = all.filter((p) => pvgis.some((row) => greatCircleKm(p.latitude, p.longitude, row.latitude, row.longitude) < 25));
    assert.ok(superseded.some((p) => p.name === 'Madrid, Spain'), 'Madrid has a PVGIS row');
    const rejected = all.filter((p) => REJECTED_SUNSHINE_ROWS.some((r) => r.name === p.name));
    assert.equal(rejected.length, REJECTED_SUNSHINE_ROWS.length, 'every rejected row names a place of the file');
    assert.equal(sunshine.length, all.length - superseded.length - rejected.length);
    assert.match(stdout, new RegExp(`Wrote ${pvgis.length} places from the recorded PVGIS answers and ${sunshine.length} from sunshine hours \\(calibration ${table.SUNSHINE_CALIBRATION.toFixed(3)}\\)`));
    assert.deepEqual(table.SUNSHINE_PROVENANCE.map(([name]) => name), all.filter((p) => !superseded.includes(p) && !rejected.includes(p)).map((p) => p.name));
    assert.deepEqual(table.PVGIS_PROVENANCE.map(([name]) => name), ['Piedmont, Italy (45.0 N, 8.0 E)', 'Madrid, Spain', 'Nevada desert, USA']);
    for (const [, source] of [...table.PVGIS_PROVENANCE, ...table.SUNSHINE_PROVENANCE]) assert.ok(table.ROW_SOURCES[source], `source ${source}`);
    const fitted = fitSunshineCalibration(sunshine, pvgis).factor;
    assert.ok(Math.abs(fitted - table.SUNSHINE_CALIBRATION) < 0.0005, `${fitted} vs ${table.SUNSHINE_CALIBRATION}`);
    assert.ok(table.SUNSHINE_CALIBRATION > 1, 'sunshine-based irradiation reads below PVGIS-SARAH');
    assert.equal(fs.readFileSync(out, 'utf8'), fs.readFileSync(SHIPPED, 'utf8'), 'the shipped table is what the script writes from the shared data');
  });

  test('a missing climate file stops the build, saying how to go on', async () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'climate-')), 'table.ts');
    await assert.rejects(run(process.execPath, [SCRIPT, '--climate', '/nonexistent/climate.csv', '--out', out]), (error: { code: number; stderr: string }) => {
      assert.equal(error.code, 1);
      assert.match(error.stderr, /The climate table was not written: \/nonexistent\/climate\.csv \(the sunshine-derived climate file\) is absent; --climate FILE names another, --climate none leaves the sunshine rows out/);
      return true;
    });
    assert.equal(fs.existsSync(out), false);
  });
});
