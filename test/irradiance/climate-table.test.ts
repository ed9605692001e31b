import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { buildClimateTableFromPvgis } from '../../scripts/climate-table/build-from-pvgis.ts';
import { CLIMATE_STATIONS } from '../../scripts/climate-table/stations.ts';
import { decodeClimatePlace } from '../../src/irradiance/climate-table-codec.ts';
import { shippedClimateTable } from '../../src/irradiance/climate-places.ts';
import { meanMonthlyHorizontal, monthlyClearnessIndex } from '../../src/irradiance/monthly-clearness.ts';
import { AVERAGE_DAY_OF_MONTH, DAYS_IN_MONTH, extraterrestrialDaily } from '../../src/irradiance/sun-geometry.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';
import { PvgisStandIn } from '../stand-ins/pvgis-stand-in.ts';

const run = promisify(execFile);
const MRCALC = 'pvgis/mrcalc_v53_45.000_8.000_SARAH3_horizontal.json';
const PVCALC = 'pvgis/pvcalc_v53_45.000_8.000_SARAH3_angle0_aspect0_1kWp_loss14.json';

test('K̄T is the monthly horizontal irradiation over the extraterrestrial; polar night gives 0', () => {
  const h0 = (latitude: number) => AVERAGE_DAY_OF_MONTH.map((day, month) => extraterrestrialDaily(latitude, day) * DAYS_IN_MONTH[month]);
  const clearness = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.55, 0.5, 0.45, 0.4, 0.35];
  const ghi = h0(48).map((value, month) => value * clearness[month]);
  monthlyClearnessIndex(48, ghi).forEach((kt, month) => assert.ok(Math.abs(kt - clearness[month]) < 1e-12, `month ${month + 1}`));
  const tromso = monthlyClearnessIndex(69.65, h0(69.65).map((value) => value * 0.4));
  assert.equal(tromso[11], 0, 'December in Tromsø has no extraterrestrial irradiation on the average day');
  assert.ok(Math.abs(tromso[5] - 0.4) < 1e-12);
  assert.throws(() => monthlyClearnessIndex(48, [1, 2, 3]), /12 monthly values/);
});

test('MRcalc answers are averaged per calendar month, read defensively', () => {
  const rows = [2020, 2021].flatMap((year) => Array.from({ length: 12 }, (_, i) => ({ year, month: 12 - i, 'H(h)_m': String((12 - i) * 10 + (year - 2020) * 2) })));
  assert.deepEqual(meanMonthlyHorizontal({ outputs: { monthly: rows } }), [11, 21, 31, 41, 51, 61, 71, 81, 91, 101, 111, 121]);
  assert.throws(() => meanMonthlyHorizontal({ outputs: { monthly: rows.filter((row) => row.month !== 7) } }), /month 7/);
  assert.throws(() => meanMonthlyHorizontal({ outputs: {} }), /outputs\.monthly/);
});

describe('the climate table built from PVGIS (stand-in replaying a recorded MRcalc answer)', { skip: !sharedDataFile(MRCALC) && missingSharedData(MRCALC) }, () => {
  let pvgis: PvgisStandIn;
  const stations = ['Turin, Italy', 'Madrid, Spain', 'Tromsø, Norway'].map((name) => CLIMATE_STATIONS.find((station) => station.name === name)!);

  before(async () => {
    pvgis = await PvgisStandIn.start(sharedDataFile(PVCALC)!, { mrcalcFile: sharedDataFile(MRCALC)! });
  });
  after(() => pvgis.close());

  test('each station is asked for its long-term horizontal irradiation; its row matches the recording', async () => {
    pvgis.calls.length = 0;
    const progress: string[] = [];
    const table = await buildClimateTableFromPvgis(stations, { baseUrl: pvgis.baseUrl, fetchedOn: '2026-11-22', onStation: (o) => progress.push(`${o.index}/${o.total} ${o.station.name}`) });
    assert.deepEqual(progress, ['1/3 Turin, Italy', '2/3 Madrid, Spain', '3/3 Tromsø, Norway']);
    assert.deepEqual(pvgis.calls.map((q) => [q.get('lat'), q.get('lon'), q.get('horirrad'), q.get('outputformat')]), stations.map((s) => [String(s.latitude), String(s.longitude), '1', 'json']));
    assert.deepEqual(table.entries.map((e) => e.name), stations.map((s) => s.name));
    // The stand-in answers every place with the recording at 45 N 8 E: PVGIS's echo of the location is what the row keeps.
    const recorded = JSON.parse(fs.readFileSync(sharedDataFile(MRCALC)!, 'utf8'));
    const expected = monthlyClearnessIndex(45, meanMonthlyHorizontal(recorded));
    assert.deepEqual(table.entries[0].clearnessIndex, expected);
    assert.deepEqual([table.entries[0].latitude, table.entries[0].longitude], [45, 8]);
    assert.match(table.entries[0].source, /^PVGIS MRcalc, PVGIS-SARAH3 2005–2023, horizontal \(127\.0\.0\.1:\d+\/api\/v5_3\/MRcalc, fetched 2026-11-22\)$/);
    const piedmont = shippedClimateTable().pvgis.find((entry) => entry.latitude === 45 && entry.longitude === 8);
    assert.deepEqual(piedmont?.clearnessIndex, expected.map((kt) => Math.round(kt * 100) / 100), 'the shipped table and a PVGIS refresh read the same answer alike');
    assert.equal(table.entries[0].elevationM, 250, 'the height PVGIS echoes');
  });

  test('a place PVGIS has no data for is left out with PVGIS’s reason; none at all stops the build', async () => {
    pvgis.failNext = [400];
    const table = await buildClimateTableFromPvgis(stations, { baseUrl: pvgis.baseUrl });
    assert.deepEqual(table.entries.map((e) => e.name), ['Madrid, Spain', 'Tromsø, Norway']);
    assert.deepEqual(table.refused.map((r) => [r.station.name, r.reason]), [['Turin, Italy', 'HTTP 400']]);
    pvgis.mode = 'sea';
    try {
      await assert.rejects(buildClimateTableFromPvgis(stations, { baseUrl: pvgis.baseUrl }), /PVGIS had data for none of the stations/);
    } finally {
      pvgis.mode = 'ok';
    }
  });

  test('an overloaded PVGIS is asked once more; a failing one stops the build, naming the place', async () => {
    pvgis.calls.length = 0;
    pvgis.failNext = [429];
    const table = await buildClimateTableFromPvgis(stations.slice(0, 1), { baseUrl: pvgis.baseUrl, retryJitterMs: 10 });
    assert.equal(table.entries.length, 1);
    assert.equal(pvgis.calls.length, 2);
    pvgis.failNext = [500, 500];
    await assert.rejects(buildClimateTableFromPvgis(stations, { baseUrl: pvgis.baseUrl, retryJitterMs: 10 }), /^Error: Turin, Italy: PVGIS answered HTTP 500$/);
  });

  test('the command writes an importable table of every station, with a progress line each', async () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'climate-')), 'table.ts');
    const script = path.resolve(import.meta.dirname, '../../scripts/build-clearness-table.ts');
    const { stdout, stderr } = await run(process.execPath, [script, '--pvgis', pvgis.baseUrl, '--climate', 'none', '--out', out]);
    assert.match(stdout, new RegExp(`Wrote ${CLIMATE_STATIONS.length} places from PVGIS \\(0 left out\\) and 0 from sunshine hours \\(calibration 1\\.000\\)`));
    const lines = stderr.trim().split('\n');
    assert.equal(lines.length, CLIMATE_STATIONS.length);
    assert.match(lines[0], new RegExp(`^\\[  1/${CLIMATE_STATIONS.length}\\] Lisbon, Portugal: K̄T 0\\.\\d\\d–0\\.\\d\\d$`));
    const module = (await import(out)) as { PVGIS_ROWS: string[]; PVGIS_PROVENANCE: [string, number][]; ROW_SOURCES: string[] };
    assert.equal(module.PVGIS_ROWS.length, CLIMATE_STATIONS.length);
    assert.ok(module.PVGIS_ROWS.map(decodeClimatePlace).every((place) => place.clearnessIndex.length === 12 && place.elevationM === 250));
    assert.deepEqual(module.PVGIS_PROVENANCE.map(([place]) => place), CLIMATE_STATIONS.map((station) => station.name));
    assert.match(module.ROW_SOURCES[module.PVGIS_PROVENANCE[0][1]], /^PVGIS MRcalc, PVGIS-SARAH3 2005–2023, horizontal/);
    pvgis.mode = 'error500';
    try {
      await assert.rejects(run(process.execPath, [script, '--pvgis', pvgis.baseUrl, '--climate', 'none', '--out', `${out}.failed`]), (error: { code: number; stderr: string }) => {
        assert.equal(error.code, 1);
        assert.match(error.stderr, /The climate table was not written: Lisbon, Portugal: PVGIS answered HTTP 500/);
        return true;
      });
      assert.equal(fs.existsSync(`${out}.failed`), false);
    } finally {
      pvgis.mode = 'ok';
    }
  });
});
