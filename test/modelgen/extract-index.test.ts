/**
 * The streaming extract index: built beforehand (solar-partner osm index), partitioned on disk, it gives
 * a request the same features as the extract read whole; a request never builds it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { assembleFeatures } from '../../src/modelgen/features/assemble-features.ts';
import type { MapFeatures } from '../../src/modelgen/features/map-features.ts';
import { generateModel, isExtractIndexed } from '../../src/modelgen/index.ts';
import { cellsAround, cellsOf } from '../../src/modelgen/osm/cells.ts';
import { ExtractIndex, indexExtract } from '../../src/modelgen/osm/extract-index.ts';
import { OsmData } from '../../src/modelgen/osm/osm-elements.ts';
import { readOsmFile } from '../../src/modelgen/osm/read-osm-file.ts';
import { osmCommand } from '../../src/cli/osm-command.ts';
import { runCommand } from '../../src/cli/run-command.ts';
import { loadConfig } from '../../src/config.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';
import { NODE_FLAGS } from '../helpers/node-flags.ts';

const MAIN = path.resolve(import.meta.dirname, '../../src/main.ts');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-extract-index-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));

/** Partitions of a few thousand elements, so that small extracts go through every partitioned step. */
const SMALL = { nodesPerPartition: 4000, waysPerPartition: 500, membersPerPartition: 40, extractBytesPerCellPartition: 30_000 };

/** What the cells around a circle hold, from the extract read whole and assembled at once. */
function expected(file: string, latitude: number, longitude: number, radiusM: number): MapFeatures {
  const all = assembleFeatures(new OsmData(readOsmFile(file)));
  const range = cellsAround(latitude, longitude, radiusM);
  const near = (points: [number, number][]) => {
    const cells = cellsOf(points);
    return cells.minX <= range.maxX && cells.maxX >= range.minX && cells.minY <= range.maxY && cells.maxY >= range.minY;
  };
  return { buildings: all.buildings.filter((b) => near(b.outer)), trees: all.trees.filter((t) => near([[t.lon, t.lat]])), ground: all.ground.filter((g) => near(g.points)), solar: all.solar.filter((s) => near(s.points)), addresses: all.addresses.filter((a) => near([[a.lon, a.lat]])) };
}

function assertSameFeatures(actual: MapFeatures, wanted: MapFeatures): void {
  for (const kind of ['buildings', 'trees', 'ground', 'solar', 'addresses'] as const) {
    const key = (f: { osmId: string; lon?: number; lat?: number }) => `${f.osmId} ${f.lon ?? ''},${f.lat ?? ''}`;
    const byKey = new Map((actual[kind] as { osmId: string }[]).map((f) => [key(f), f]));
    assert.equal(byKey.size, wanted[kind].length, `${kind}: ${byKey.size} against ${wanted[kind].length}`);
    for (const feature of wanted[kind] as { osmId: string }[]) assert.deepEqual(byKey.get(key(feature)), feature, `${kind} ${feature.osmId}`);
  }
}

const places = [
  { file: 'osm/monaco-latest.osm.pbf', latitude: 43.7396, longitude: 7.4276, why: 'Monaco: coastline, multipolygon buildings, trees' },
  { file: 'osm/helsinki-centre-2019.osm.pbf', latitude: 60.1699, longitude: 24.9441, why: 'Helsinki: 61 buildings with courtyards (inner rings)' },
];

describe('the streaming extract index', () => {
  for (const place of places) {
    const file = sharedDataFile(place.file);
    test(`small partitions give the features of the whole extract (${place.why})`, { skip: file ? false : missingSharedData(place.file) }, () => {
      const cacheDir = path.join(work, `small-${path.basename(place.file)}`);
      const summary = indexExtract(file!, cacheDir, undefined, SMALL)!;
      assert.ok(summary.nodes > SMALL.nodesPerPartition * 4 && summary.ways > SMALL.waysPerPartition * 4, 'several partitions of nodes and ways');
      const features = ExtractIndex.open(file!, cacheDir).query(place.latitude, place.longitude, 300);
      assert.ok(features.buildings.length > 400, `${features.buildings.length} buildings`);
      assertSameFeatures(features, expected(file!, place.latitude, place.longitude, 300));
    });
  }

  test('a request for an extract that is not indexed fails saying so, and builds nothing', async () => {
    const extract = path.join(work, 'one-house.osm.json');
    fs.writeFileSync(extract, JSON.stringify({ elements: [
      { type: 'way', id: 1, nodes: [1, 2, 3, 1], tags: { building: 'house' } },
      { type: 'node', id: 3, lat: 47.1401, lon: 9.5201 }, { type: 'node', id: 1, lat: 47.14, lon: 9.52 }, { type: 'node', id: 2, lat: 47.14, lon: 9.5202 },
    ] }));
    const cacheDir = path.join(work, 'request-cache');
    const request = { latitude: 47.14, longitude: 9.52, radiusKm: 0.1, quality: 'sd' as const, sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract: extract, cacheDir } };
    await assert.rejects(generateModel(request, () => {}), /^Error: The map data is not ready: the OpenStreetMap extract one-house\.osm\.json has not been indexed \(the operator runs "solar-partner osm index" once for each new extract\)$/);
    assert.equal(fs.existsSync(path.join(cacheDir, 'osm-index')), false, 'no index was started');
    indexExtract(extract, cacheDir);
    assert.equal(isExtractIndexed(extract, cacheDir), true);
    const model = await generateModel(request, () => {});
    assert.equal(model.summary.buildings, 1, 'unsorted JSON is read in order: the house, its nodes listed after it');
    // A place the extract holds no data around is not taken for a place without buildings.
    await assert.rejects(
      generateModel({ ...request, latitude: 47.3769, longitude: 8.5417 }, () => {}),
      /^Error: This place is outside the map data the service holds \(the OpenStreetMap extract one-house\.osm\.json: it covers 9\.5\d° E to 9\.53° E, 47\.1\d° N to 47\.15° N\)$/,
    );
    const near = await generateModel({ ...request, latitude: 47.1445, longitude: 9.52 }, () => {});
    assert.equal(near.summary.buildings, 0, 'a circle beside the covered cells is a place without buildings, not outside the data');
    // A new version of the file is a new extract: it is indexed again, and the old index removed.
    fs.appendFileSync(extract, ' ');
    await assert.rejects(generateModel(request, () => {}), /has not been indexed/);
    indexExtract(extract, cacheDir);
    assert.equal(fs.readdirSync(path.join(cacheDir, 'osm-index')).length, 1, 'the index of the older version is gone');
  });

  const monaco = sharedDataFile('osm/monaco-latest.osm.pbf');
  test('solar-partner osm index shows progress, says what it kept, and knows an indexed extract', { skip: monaco ? false : missingSharedData('osm/monaco-latest.osm.pbf') }, async () => {
    const dataDir = path.join(work, 'cli');
    const run = (args: string[]) => spawnSync(process.execPath, [...NODE_FLAGS, MAIN, ...args], { env: { ...process.env, DATA_DIR: dataDir, OSM_EXTRACT: monaco!, LOG_LEVEL: 'silent' }, encoding: 'utf8' });
    const first = run(['osm', 'index']);
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /^Indexed monaco-latest\.osm\.pbf in [\d.]+ s: 25423 nodes, \d+ ways and \d+ multipolygons kept, 13 cells, [\d.]+ MB\.$/m);
    assert.match(first.stderr, /Reading the nodes and ways of monaco-latest\.osm\.pbf/);
    assert.match(first.stderr, /100 % Indexed monaco-latest\.osm\.pbf/);
    assert.equal(isExtractIndexed(monaco!, path.join(dataDir, 'cache')), true);
    // The other answers in this process (starting the command line costs seconds on a loaded machine).
    const config = loadConfig({ DATA_DIR: dataDir }, work);
    const lines: string[] = [];
    const command = (args: string[]) => runCommand(osmCommand, config, args, (line) => lines.push(line));
    assert.deepEqual(await command(['index', monaco!]), { code: 0 });
    assert.match(lines.join('\n'), /monaco-latest\.osm\.pbf is already indexed/);
    const wrong = await command(['rebuild']);
    assert.equal(wrong.code, 2);
    assert.match(wrong.error!, /Unknown osm command "rebuild": use "osm index \[extract\]"/);
    assert.match((await command(['index'])).error!, /Name the extract to index \("osm index country\.osm\.pbf"\) or set OSM_EXTRACT/);
    assert.match((await command(['index', 'missing.osm.pbf'])).error!, /The OpenStreetMap extract .*missing\.osm\.pbf does not exist/);
  });
});
