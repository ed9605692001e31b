import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { loadLod2 } from '../../src/modelgen/lod2/load-lod2.ts';
import { Lod2Index } from '../../src/modelgen/lod2/lod2-index.ts';
import { parseLod2Sources } from '../../src/modelgen/lod2/lod2-source-spec.ts';
import { missingSharedData, sharedDataFile, SHARED_DATA_DIR } from '../helpers/shared-data.ts';
import { OgcFeaturesStandIn } from '../stand-ins/ogc-features-stand-in.ts';

const available = fs.existsSync(path.join(SHARED_DATA_DIR, 'lod2'));
const file = (name: string) => sharedDataFile(`lod2/${name}`)!;
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lod2-cache-'));
after(() => fs.rmSync(cacheDir, { recursive: true, force: true }));

test('LOD2_SOURCE: paths, folders and services with options; wrong entries listed', () => {
  const { sources, problems } = parseLod2Sources('data/nrw, /srv/denhaag.city.json|crs=EPSG:28992|name=denhaag|title=Gemeente Den Haag|attribution=Gemeente Den Haag (CC0),https://api.3dbag.nl/', '/opt/app');
  assert.deepEqual(problems, []);
  assert.deepEqual(sources, [
    { kind: 'local', path: '/opt/app/data/nrw', options: {} },
    { kind: 'local', path: '/srv/denhaag.city.json', options: { crs: 'EPSG:28992', name: 'denhaag', title: 'Gemeente Den Haag', attribution: 'Gemeente Den Haag (CC0)' } },
    { kind: 'remote', url: 'https://api.3dbag.nl', options: {} },
  ]);
  assert.deepEqual(loadConfig({}, '/opt/app').lod2Sources, []);
  assert.throws(
    () => loadConfig({ LOD2_SOURCE: 'ftp://example.org/x,tiles|colour=red,a|name=bad name' }, '/opt/app'),
    (error: ConfigError) => error.problems.length === 3 && /http:\/\/ or https:\/\//.test(error.problems[0]) && /colour=red/.test(error.problems[1]) && /bad name/.test(error.problems[2]),
  );
});

describe('LoD2 sources on real data', { skip: available ? false : missingSharedData('lod2') }, () => {
  test('a folder of NRW tiles is indexed once into cells; a request reads the buildings around it only', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lod2-folder-'));
    fs.mkdirSync(path.join(folder, 'tiles'));
    for (const name of ['nrw-LoD2_32_329_5725_1_NW.gml.gz', 'nrw-LoD2_32_356_5655_1_NW.gml.gz']) fs.symlinkSync(file(name), path.join(folder, 'tiles', name));
    const notes: string[] = [];
    const index = await Lod2Index.open(folder, {}, cacheDir, (n) => notes.push(n));
    assert.deepEqual(notes, ['Indexing 2 LoD2 files in ' + path.basename(folder) + ' (once)']);
    const wesel = index.query(51.6522, 6.5371, 800);
    assert.equal(wesel.length, 1);
    assert.equal(wesel[0].dataset.name, 'geobasis-nrw');
    assert.equal(wesel[0].buildings.length, 217, 'the whole Wesel tile, no Köln building');
    assert.ok(wesel[0].buildings.every((b) => b.id.startsWith('DENW')));
    const koeln = index.query(51.0304, 6.9523, 300);
    assert.ok(koeln[0].buildings.length > 50 && koeln[0].buildings.length <= 201, `${koeln[0].buildings.length}`);
    assert.deepEqual(index.query(48.1, 11.5, 1000), []);
    const again = await Lod2Index.open(folder, {}, cacheDir, (n) => notes.push(n));
    assert.equal(notes.length, 1, 'not indexed twice');
    assert.equal(again.query(51.6522, 6.5371, 800)[0].buildings.length, 217);
    fs.rmSync(folder, { recursive: true });
  });

  test('a folder with a file of unknown CRS fails naming that file', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lod2-folder-'));
    for (const name of ['nrw-LoD2_32_356_5655_1_NW.gml.gz', 'denhaag-DH01-subset.city.json']) fs.symlinkSync(file(name), path.join(folder, name));
    await assert.rejects(Lod2Index.open(folder, {}, cacheDir), (error: Error) => error.message.includes(path.join(folder, 'denhaag-DH01-subset.city.json')) && /names no CRS/.test(error.message));
    assert.equal((await Lod2Index.open(folder, { crs: 'EPSG:28992' }, cacheDir)).datasets.length, 2, 'the settings\' CRS serves the file that names none');
    fs.rmSync(folder, { recursive: true });
  });

  test('an OGC API – Features service in CityJSON (3D BAG form): the features in the box, over pages', async () => {
    const standIn = await OgcFeaturesStandIn.start([file('3dbag-delft-3buildings.city.jsonl')]);
    try {
      const sources = { overpassUrl: 'http://127.0.0.1:9', cacheDir, lod2Sources: parseLod2Sources(`${standIn.url}|name=3dbag`, '/').sources };
      const near = await loadLod2(sources, 52.00549, 4.37595, 100, () => {});
      assert.deepEqual(near.failures, []);
      assert.deepEqual(near.contents.flatMap((c) => c.buildings.map((b) => b.id)), ['NL.IMBAG.Pand.0503100000016459']);
      standIn.maxPageSize = 2;
      const all = await loadLod2(sources, 52.0038, 4.3689, 1200, () => {});
      assert.ok(standIn.requests.some((r) => r.includes('offset=2')), 'followed the next link');
      assert.equal(all.contents[0].buildings.length, 3);
      assert.equal(all.contents[0].dataset.attribution, '© 3DBAG by tudelft3d and 3DGI (CC BY 4.0)');
      const items = standIn.requests.filter((r) => r.startsWith('/collections/pand/items'));
      assert.ok(items.every((r) => /bbox-crs=http/.test(decodeURIComponent(r))), 'box sent in the storage CRS');
      standIn.failNext = [503];
      const failed = await loadLod2(sources, 52.0038, 4.3689, 1200, () => {});
      assert.deepEqual(failed.contents, []);
      assert.match(failed.failures[0], /503/);
    } finally {
      await standIn.stop();
    }
  });
});
