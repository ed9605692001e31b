import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gazetteerFromElements, loadGazetteer, readNamingElements, overpassTownsQuery, townsFromOverpass, Gazetteer } from '../../src/modelgen/osm/place-names.ts';
import { readOsmFile } from '../../src/modelgen/osm/read-osm-file.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';
import { importOsm, osmDatabaseUnavailable } from '../helpers/osm-database.ts';
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

const LIECHTENSTEIN = 'osm/liechtenstein-2024-03-04.osm.pbf';
const extract = sharedDataFile(LIECHTENSTEIN);

test('places in Liechtenstein are named after their nearest town node, in the country whose boundary holds it', { skip: extract ? false : missingSharedData(LIECHTENSTEIN) }, () => {
  const elements = readNamingElements(extract!);
  assert.ok(elements.some((e) => e.type === 'relation' && e.id === 1155955), 'the boundary of Liechtenstein is read');
  assert.ok(elements.filter((e) => e.type === 'way').length >= 38, 'with its ways');
  const gazetteer = gazetteerFromElements(elements, { west: 9.4, south: 47.0, east: 9.7, north: 47.3 });
  const vaduz = gazetteer.nameOf(47.1395, 9.5225);
  assert.equal(vaduz?.town, 'Vaduz');
  assert.equal(vaduz?.country, 'Liechtenstein');
  assert.match(String(vaduz?.townOsmId), /^\d+$/);
  assert.equal(gazetteer.nameOf(47.0689, 9.5062)?.town, 'Balzers');
  assert.equal(gazetteer.nameOf(47.2126, 9.5233)?.town, 'Eschen');
  assert.ok(gazetteer.towns.every((town) => town.country === 'Liechtenstein'), 'every town of the extract lies in Liechtenstein');
  assert.equal(gazetteer.nameOf(48.5, 9.5), undefined, 'nothing within 50 km: no name');
});

test('the nearest-town search finds the nearest across bucket edges', () => {
  const towns = [
    { osmId: 1, name: 'West', latitude: 50.0, longitude: 9.949, country: 'X' },
    { osmId: 2, name: 'East', latitude: 50.0, longitude: 10.06, country: 'X' },
  ];
  const gazetteer = new Gazetteer(towns);
  assert.equal(gazetteer.nameOf(50.0, 10.001)?.town, 'West', '0.05° buckets: the nearer town is in the next bucket');
  assert.equal(gazetteer.nameOf(50.0, 10.01)?.town, 'East');
});

test('the Overpass answer gives each town the country area listed after it', () => {
  const query = overpassTownsQuery({ west: 9.4, south: 47.0, east: 9.7, north: 47.3 });
  assert.match(query, /node\["place"~"\^\(city\|town\|village\|hamlet\|suburb\|quarter\|neighbourhood\)\$"\]\["name"\]\(47,9\.4,47\.3,9\.7\)/);
  assert.match(query, /is_in/);
  const towns = townsFromOverpass([
    { type: 'node', id: 1, lat: 47.139, lon: 9.523, tags: { name: 'Vaduz', place: 'town' } },
    { type: 'area', id: 3601155955, tags: { name: 'Liechtenstein', 'name:en': 'Liechtenstein', admin_level: '2' } },
    { type: 'node', id: 2, lat: 47.167, lon: 9.478, tags: { name: 'Buchs', place: 'town' } },
    { type: 'area', id: 3600051701, tags: { name: 'Schweiz/Suisse/Svizzera/Svizra', 'name:en': 'Switzerland', admin_level: '2' } },
    { type: 'node', id: 3, lat: 0, lon: 0, tags: { name: 'Nowhere', place: 'hamlet' } },
  ]);
  assert.deepEqual(towns.map((t) => [t.name, t.country]), [['Vaduz', 'Liechtenstein'], ['Buchs', 'Switzerland'], ['Nowhere', '']]);
});

const MONACO = 'osm/monaco-latest.osm.pbf';
const monaco = sharedDataFile(MONACO);
const postgisMissing = await osmDatabaseUnavailable(TEST_DATABASE_URL);

test('the OpenStreetMap database (osm2pgsql with osm/solar-partner.lua) names the same towns in the same countries as the extract', { skip: !monaco ? missingSharedData(MONACO) : postgisMissing ?? false }, async () => {
  const database = await importOsm(TEST_DATABASE_URL!, [monaco!]);
  try {
    const box = { west: 7.38, south: 43.70, east: 7.47, north: 43.77 };
    const fromDatabase = await loadGazetteer({ overpassUrl: 'http://127.0.0.1:9', osmDatabaseUrl: database.url }, box);
    const fromExtract = gazetteerFromElements(readOsmFile(monaco!), box);
    const sorted = (g: Gazetteer) => g.towns.map((t) => `${t.osmId} ${t.name} ${t.country} ${t.latitude.toFixed(7)} ${t.longitude.toFixed(7)}`).sort();
    assert.ok(fromExtract.towns.length >= 5, `${fromExtract.towns.length} towns`);
    assert.deepEqual(sorted(fromDatabase), sorted(fromExtract));
    assert.deepEqual(fromDatabase.nameOf(43.7396, 7.4276), fromExtract.nameOf(43.7396, 7.4276));
    assert.equal(fromDatabase.nameOf(43.7396, 7.4276)?.country, 'Monaco');
  } finally {
    await database.drop();
  }
});
