/**
 * OpenStreetMap from PostGIS: Monaco and a part of Vaduz imported by osm2pgsql with the project's flex
 * style (osm/solar-partner.lua) give the same features and the same models as the indexed extracts.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { generateModel, indexExtract } from '../../src/modelgen/index.ts';
import { ExtractIndex } from '../../src/modelgen/osm/extract-index.ts';
import { osmDatabase, queryPostgis } from '../../src/modelgen/osm/postgis-source.ts';
import type { OsmWay } from '../../src/modelgen/osm/osm-elements.ts';
import { readOsmFile } from '../../src/modelgen/osm/read-osm-file.ts';
import { importOsm, OSM_STYLE, osmDatabaseUnavailable, type OsmDatabase } from '../helpers/osm-database.ts';
import { readModel, type ModelSegment } from '../helpers/read-model.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';
import { TEST_DATABASE_URL } from '../helpers/test-context.ts';

const MONACO = 'osm/monaco-latest.osm.pbf';
const LIECHTENSTEIN = 'osm/liechtenstein-2024-03-04.osm.pbf';
const CASINO = { latitude: 43.7396, longitude: 7.4276 };
const VADUZ = { latitude: 47.14, longitude: 9.525 };
/** The part of Liechtenstein imported: around Vaduz's centre, about 1.5 × 2.2 km. */
const VADUZ_BOX = '9.515,47.13,9.535,47.15';

const unavailable = await osmDatabaseUnavailable(TEST_DATABASE_URL);
const monaco = sharedDataFile(MONACO);
const liechtenstein = sharedDataFile(LIECHTENSTEIN);
const osmium = !spawnSync('osmium', ['--version']).error;
const skip = unavailable ?? (monaco ? false : missingSharedData(MONACO));

describe('OpenStreetMap from PostGIS', { skip }, () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-postgis-'));
  const cacheDir = path.join(work, 'cache');
  let vaduz: string | undefined;
  let database: OsmDatabase;

  before(async () => {
    if (liechtenstein && osmium) {
      vaduz = path.join(work, 'vaduz.osm.pbf');
      const cut = spawnSync('osmium', ['extract', '-b', VADUZ_BOX, liechtenstein, '-o', vaduz, '--overwrite'], { encoding: 'utf8' });
      assert.equal(cut.status, 0, cut.stderr);
    }
    const files = [monaco!, ...(vaduz ? [vaduz] : [])];
    database = await importOsm(TEST_DATABASE_URL!, files, { slim: true });
    for (const file of files) await indexExtract(file, cacheDir);
  });
  after(async () => {
    await database?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('the circle query returns the features of the extract index, by id and shape', async () => {
    const fromDatabase = await queryPostgis(osmDatabase(database.url), CASINO.latitude, CASINO.longitude, 300);
    const fromExtract = ExtractIndex.open(monaco!, cacheDir).query(CASINO.latitude, CASINO.longitude, 300);
    assert.ok(fromExtract.buildings.length > 1000, `Monaco's cells around the Casino hold its buildings (${fromExtract.buildings.length})`);
    assert.ok(fromExtract.addresses.length > 50, `Monaco maps addresses as points (${fromExtract.addresses.length})`);
    for (const kind of ['buildings', 'ground', 'trees', 'solar', 'addresses'] as const) {
      const byId = (features: { osmId: string; lon?: number; lat?: number }[]) => new Map(features.map((f) => [`${f.osmId} ${f.lon ?? ''},${f.lat ?? ''}`, f]));
      const [a, b] = [byId(fromDatabase[kind]), byId(fromExtract[kind])];
      assert.deepEqual([...a.keys()].sort(), [...b.keys()].sort(), `same ${kind}`);
    }
    // Ways keep their nodes' order and coordinates to the bit; multipolygons are the same rings.
    for (const building of fromExtract.buildings.filter((b) => b.osmId.startsWith('way/')).slice(0, 50)) {
      assert.deepEqual(fromDatabase.buildings.find((b) => b.osmId === building.osmId), building);
    }
    const courtyards = fromExtract.buildings.filter((b) => b.osmId.startsWith('relation/') && b.inners.length > 0);
    assert.ok(courtyards.length > 0, 'Monaco has multipolygon buildings with courtyards');
    for (const building of courtyards) {
      const other = fromDatabase.buildings.find((b) => b.osmId === building.osmId)!;
      // osm2pgsql joins courtyards that touch into one ring: the holes cover the same area.
      const holes = (rings: [number, number][][]) => rings.reduce((sum, ring) => sum + Math.abs(ringArea(ring)), 0);
      assert.ok(Math.abs(holes(other.inners) - holes(building.inners)) < 1e-12, `${building.osmId} keeps its courtyards`);
      assert.deepEqual(sortedPoints(other.outer), sortedPoints(building.outer), `${building.osmId} has the same outline`);
    }
  });

  const places = [
    { name: 'Monaco, the Casino', centre: CASINO, file: () => monaco },
    { name: 'Vaduz centre (cut from Liechtenstein)', centre: VADUZ, file: () => vaduz },
  ];
  for (const place of places) {
    test(`${place.name}: a 0.3 km HD model from PostGIS has the extract's buildings and roof segments`, async (t) => {
      const extract = place.file();
      if (!extract) return t.skip(osmium ? missingSharedData(LIECHTENSTEIN) : 'needs osmium (Debian package osmium-tool) to cut Vaduz from Liechtenstein');
      const request = { ...place.centre, radiusKm: 0.3, quality: 'hd' as const };
      const fromDatabase = await readModel((await generateModel({ ...request, sources: { overpassUrl: 'http://127.0.0.1:9', osmDatabaseUrl: database.url, cacheDir } }, () => {})).glb);
      const fromExtract = await readModel((await generateModel({ ...request, sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract: extract, cacheDir } }, () => {})).glb);
      assert.match((fromDatabase.asset.sources as { osm: string }).osm, /^OpenStreetMap database osm_test_\w+ on 127.0.0.1$/, "the model names its source, without user or password");
      const names = (model: typeof fromDatabase) => model.buildings.map((b) => b.name).sort();
      assert.ok(fromExtract.buildings.length > 40, `${fromExtract.buildings.length} buildings`);
      assert.deepEqual(names(fromDatabase), names(fromExtract), 'same buildings by OSM id');
      const segments = new Map(fromExtract.buildings.map((b) => [b.name, b.segments]));
      let compared = 0;
      for (const building of fromDatabase.buildings) {
        assertSameSegments(building.segments, segments.get(building.name)!, building.name);
        compared += building.segments.length;
      }
      assert.ok(compared > 100, `${compared} roof segments compared`);
      assert.deepEqual(fromDatabase.asset.houseNumbers, fromExtract.asset.houseNumbers, 'the same house numbers, from outlines and address points, in the same order');
    });
  }

  test('changes applied with osm2pgsql --append (as osm2pgsql-replication does) reach the next query', async () => {
    const before = await queryPostgis(osmDatabase(database.url), CASINO.latitude, CASINO.longitude, 300);
    const [changed, removed] = before.buildings.filter((b) => b.osmId.startsWith('way/') && !b.tags['roof:shape']);
    const way = readOsmFile(monaco!).find((e) => e.type === 'way' && `way/${e.id}` === changed.osmId) as OsmWay;
    const tags = { ...changed.tags, 'roof:shape': 'gabled' };
    const change = path.join(work, 'change.osc');
    fs.writeFileSync(change, `<?xml version="1.0" encoding="UTF-8"?>
<osmChange version="0.6" generator="test">
  <modify><way id="${way.id}" version="99" timestamp="2026-11-23T00:00:00Z">${way.nodes.map((ref) => `<nd ref="${ref}"/>`).join('')}${Object.entries(tags).map(([k, v]) => `<tag k="${escapeXml(k)}" v="${escapeXml(v)}"/>`).join('')}</way></modify>
  <delete><way id="${removed.osmId.slice(4)}" version="99" timestamp="2026-11-23T00:00:00Z"/></delete>
</osmChange>`);
    const append = spawnSync('osm2pgsql', ['--append', '--slim', '--output', 'flex', '--style', OSM_STYLE, '--log-level', 'warn', '-d', database.url, change], { encoding: 'utf8' });
    assert.equal(append.status, 0, append.stderr);
    const after = await queryPostgis(osmDatabase(database.url), CASINO.latitude, CASINO.longitude, 300);
    assert.equal(after.buildings.find((b) => b.osmId === changed.osmId)?.tags['roof:shape'], 'gabled', 'the new tag is read');
    assert.equal(after.buildings.find((b) => b.osmId === removed.osmId), undefined, 'the deleted building is gone');
    assert.equal(after.buildings.length, before.buildings.length - 1);
  });

  test('a database without the imported tables says how to import them', async () => {
    await assert.rejects(queryPostgis(osmDatabase(TEST_DATABASE_URL!), CASINO.latitude, CASINO.longitude, 300), /has no osm_\w+ table: import it with osm2pgsql --output flex --style osm\/solar-partner\.lua/);
  });
});

/** The same roof faces, in any order: each face matched to one of the other's (pitch, azimuth, area). */
function assertSameSegments(actual: ModelSegment[], expected: ModelSegment[], name: string): void {
  assert.equal(actual.length, expected.length, `${name}: ${actual.length} roof segments against ${expected.length}`);
  const unused = [...expected];
  for (const segment of actual) {
    const match = unused.findIndex((e) => Math.abs(e.pitch - segment.pitch) < 0.01 && Math.abs(e.area - segment.area) < 0.01 && (Math.abs(e.azimuth - segment.azimuth) < 0.01 || segment.pitch < 0.01));
    assert.ok(match >= 0, `${name}: roof segment pitch ${segment.pitch} azimuth ${segment.azimuth} area ${segment.area} has no match`);
    unused.splice(match, 1);
  }
}

/** Shoelace area in square degrees. */
function ringArea(ring: [number, number][]): number {
  return ring.reduce((sum, [x, y], i) => {
    const [nx, ny] = ring[(i + 1) % ring.length];
    return sum + (x * ny - nx * y) / 2;
  }, 0);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

function sortedPoints(ring: [number, number][]): string[] {
  return ring.map(([lon, lat]) => `${lon},${lat}`).sort();
}
