/**
 * OpenStreetMap at country scale (issue 19): the streaming extract index's peak memory against the
 * in-request index it replaces; osm2pgsql's import of Liechtenstein with the project's style (time,
 * database size, per-object cost and the extrapolation to Germany); and 0.3 km HD models from PostGIS
 * against the indexed extract in the same run.
 *
 *   node bench/osm-country.ts [server URL, default postgres://postgres@127.0.0.1:5432/test] [baseline commit, default e994e49]
 *   SKIP_INDEX=1 node bench/osm-country.ts   (the import and the models only)
 *
 * Needs osm2pgsql, PostGIS on the server, /usr/bin/time and the shared data. The baseline (the in-request
 * index) is taken from the named commit with git archive.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { generateModel, indexExtract } from '../src/modelgen/index.ts';
import { ExtractIndex } from '../src/modelgen/osm/extract-index.ts';
import { osmDatabase, queryPostgis } from '../src/modelgen/osm/postgis-source.ts';
import { streamOsmFile } from '../src/modelgen/osm/stream-osm-file.ts';
import { importOsm, osmDatabaseUnavailable } from '../test/helpers/osm-database.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SHARED = path.resolve(ROOT, '../shared/data/osm');
const SERVER = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/test';
const BASELINE_COMMIT = process.argv[3] ?? 'e994e49';
const EXTRACTS = ['monaco-latest.osm.pbf', 'helsinki-centre-2019.osm.pbf', 'liechtenstein-2024-03-04.osm.pbf'].map((name) => path.join(SHARED, name));
const [MONACO, , LIECHTENSTEIN] = EXTRACTS;
/** Germany's extract (Geofabrik, 2024): about 4.3 GB. */
const GERMANY_BYTES = 4.3e9;

const unavailable = await osmDatabaseUnavailable(SERVER);
if (unavailable) throw new Error(`This bench ${unavailable}`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'osm-country-bench-'));
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`\n${new Date().toISOString().slice(0, 16)} UTC · ${os.cpus().length} cores · load average ${os.loadavg()[0].toFixed(1)} · Node ${process.version}\n`);

// 1. Index memory: the streaming index (the command an operator runs) against the session-start in-request index.
const counts = new Map<string, { nodes: number; ways: number; relations: number }>();
const countObjects = (extract: string) => {
  const count = { nodes: 0, ways: 0, relations: 0 };
  streamOsmFile(extract, { node: () => count.nodes++, way: () => count.ways++, relation: () => count.relations++ });
  counts.set(extract, count);
  return count;
};
if (!process.env.SKIP_INDEX) measureIndexes();
/** Peak memory and time of indexing each extract, both ways. */
function measureIndexes(): void {
  const baseline = path.join(work, 'baseline');
  fs.mkdirSync(baseline);
  execFileSync('sh', ['-c', `git -C "${ROOT}" archive ${BASELINE_COMMIT} src package.json | tar -x -C "${baseline}"`]);
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(baseline, 'node_modules'));
  const peak = (args: string[], env: Record<string, string> = {}) => {
    const started = performance.now();
    const result = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, ...args], { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent', ...env } });
    if (result.status !== 0) throw new Error(result.stderr);
    return { mb: Number(result.stderr.trim().split('\n').pop()) / 1024, s: (performance.now() - started) / 1000 };
  };
  // Four copies of Liechtenstein under other ids (osmium renumber, merge): an extract past every partition's size.
  const fourfold = path.join(work, 'liechtenstein-x4.osm.pbf');
  const copies = [1, 2, 3].map((i) => {
    const copy = path.join(work, `copy-${i}.osm.pbf`);
    execFileSync('osmium', ['renumber', '-s', `${i * 2e10},${i * 3e9},${i * 3e7}`, LIECHTENSTEIN, '-o', copy]);
    return copy;
  });
  execFileSync('osmium', ['merge', LIECHTENSTEIN, ...copies, '-o', fourfold]);
  EXTRACTS.push(fourfold);
  console.log('| extract | size MB | nodes | ways | relations | streaming index: peak RSS MB | s | in-request index (session start): peak RSS MB | s |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const extract of EXTRACTS) {
    const count = countObjects(extract);
    const streaming = peak([path.join(ROOT, 'src/main.ts'), 'osm', 'index', extract], { DATA_DIR: path.join(work, `data-${path.basename(extract)}`) });
    const old = peak(['--input-type=module', '-e', `const m = await import(${JSON.stringify(path.join(baseline, 'src/modelgen/osm/extract-index.ts'))}); await m.ExtractIndex.open(process.argv[1], process.argv[2]);`, extract, path.join(work, `old-${path.basename(extract)}`)]);
    console.log(`| ${path.basename(extract)} | ${mb(fs.statSync(extract).size)} | ${count.nodes} | ${count.ways} | ${count.relations} | ${streaming.mb.toFixed(0)} | ${streaming.s.toFixed(1)} | ${old.mb.toFixed(0)} | ${old.s.toFixed(1)} |`);
  }

}

// 2. osm2pgsql: Liechtenstein with the replication tables (--slim), Monaco without.
const sizeOf = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const total = Number((await client.query<{ size: string }>('select pg_database_size(current_database()) as size')).rows[0].size);
  const tables = (await client.query<{ name: string; size: string; count: string }>("select relname as name, pg_total_relation_size(c.oid) as size, coalesce(reltuples, 0)::bigint as count from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' and (relname like 'osm_%' or relname like 'planet_osm_%') order by relname")).rows;
  await client.end();
  return { total, tables };
};
const empty = await importOsm(SERVER, []);
const emptySize = (await sizeOf(empty.url)).total;
await empty.drop();
const liechtenstein = await importOsm(SERVER, [LIECHTENSTEIN], { slim: true });
const monaco = await importOsm(SERVER, [MONACO]);
const size = await sizeOf(liechtenstein.url);
const objects = counts.get(LIECHTENSTEIN) ?? countObjects(LIECHTENSTEIN);
const all = objects.nodes + objects.ways + objects.relations;
const output = size.tables.filter((t) => t.name.startsWith('osm_')).reduce((sum, t) => sum + Number(t.size), 0);
const middle = size.tables.filter((t) => t.name.startsWith('planet_osm_')).reduce((sum, t) => sum + Number(t.size), 0);
const scale = GERMANY_BYTES / fs.statSync(LIECHTENSTEIN).size;
// osm2pgsql prints its version on standard error.
const versionRun = spawnSync('osm2pgsql', ['--version'], { encoding: 'utf8' });
console.log(`\nosm2pgsql ${`${versionRun.stdout}${versionRun.stderr}`.match(/version ([\d.]+)/)?.[1] ?? '(version unknown)'}, flex output, osm/solar-partner.lua:`);
console.log(`- Liechtenstein --slim: ${liechtenstein.importSeconds.toFixed(1)} s for ${all} objects (${((liechtenstein.importSeconds / all) * 1e6).toFixed(1)} µs each); database ${mb(size.total - emptySize)} MB over an empty PostGIS database: the generator's tables ${mb(output)} MB (${size.tables.filter((t) => t.name.startsWith('osm_')).map((t) => `${t.name} ${t.count} rows`).join(', ')}), replication tables ${mb(middle)} MB`);
console.log(`- Monaco without --slim: ${monaco.importSeconds.toFixed(1)} s`);
const germany = { nodes: objects.nodes * scale, ways: objects.ways * scale, relations: objects.relations * scale };
const germanyObjects = germany.nodes + germany.ways + germany.relations;
console.log(`- Germany, by Liechtenstein's objects per byte of PBF (×${scale.toFixed(0)}): ${(germany.nodes / 1e6).toFixed(0)} M nodes, ${(germany.ways / 1e6).toFixed(1)} M ways, ${(germany.relations / 1e6).toFixed(2)} M relations → ${((liechtenstein.importSeconds / all) * germanyObjects / 3600).toFixed(1)} h at this per-object cost, ${((size.total - emptySize) / all * germanyObjects / 1e9).toFixed(0)} GB (generator's tables ${(output / all * germanyObjects / 1e9).toFixed(0)} GB, replication tables ${(middle / all * germanyObjects / 1e9).toFixed(0)} GB)`);

// 3. Models: 0.3 km HD, from PostGIS and from the indexed extract, interleaved in the same run.
const cacheDir = path.join(work, 'cache');
for (const extract of [MONACO, LIECHTENSTEIN]) await indexExtract(extract, cacheDir);
const places = [
  { name: 'Vaduz (47.1410, 9.5209)', latitude: 47.141, longitude: 9.5209, extract: LIECHTENSTEIN, database: liechtenstein.url },
  { name: 'Monaco, the Casino (43.7396, 7.4276)', latitude: 43.7396, longitude: 7.4276, extract: MONACO, database: monaco.url },
];
console.log('\n| 0.3 km HD, flat ground | PostGIS: query ms | extract: cells ms | PostGIS: model ms (end to end) | extract: model ms | PostGIS ÷ extract | buildings |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const place of places) {
  const request = { latitude: place.latitude, longitude: place.longitude, radiusKm: 0.3, quality: 'hd' as const };
  const fromDatabase = { overpassUrl: 'http://127.0.0.1:9', osmDatabaseUrl: place.database, cacheDir };
  const fromExtract = { overpassUrl: 'http://127.0.0.1:9', osmExtract: place.extract, cacheDir };
  const times = { query: [] as number[], cells: [] as number[], database: [] as number[], extract: [] as number[] };
  let buildings = 0;
  for (let round = 0; round < 12; round++) {
    const record = round > 0; // the first round warms up
    let started = performance.now();
    await queryPostgis(osmDatabase(place.database), place.latitude, place.longitude, 300);
    if (record) times.query.push(performance.now() - started);
    started = performance.now();
    ExtractIndex.open(place.extract, cacheDir).query(place.latitude, place.longitude, 300);
    if (record) times.cells.push(performance.now() - started);
    started = performance.now();
    buildings = Number((await generateModel({ ...request, sources: fromDatabase }, () => {})).summary.buildings);
    if (record) times.database.push(performance.now() - started);
    started = performance.now();
    await generateModel({ ...request, sources: fromExtract }, () => {});
    if (record) times.extract.push(performance.now() - started);
  }
  const [q, c, d, e] = [median(times.query), median(times.cells), median(times.database), median(times.extract)];
  console.log(`| ${place.name} | ${q.toFixed(0)} | ${c.toFixed(0)} | ${d.toFixed(0)} | ${e.toFixed(0)} | ${(d / e).toFixed(2)} | ${buildings} |`);
}
console.log('\n(medians of 11 rounds after a warm-up; each round runs the four in turn)');

await liechtenstein.drop();
await monaco.drop();
fs.rmSync(work, { recursive: true, force: true });
process.exit(0);
