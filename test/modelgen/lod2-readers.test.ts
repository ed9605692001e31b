import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, test } from 'node:test';
import { resolveCrs } from '../../src/modelgen/lod2/crs.ts';
import type { Lod2Content } from '../../src/modelgen/lod2/lod2-types.ts';
import { readLod2File } from '../../src/modelgen/lod2/read-lod2-file.ts';
import { missingSharedData, sharedDataFile, SHARED_DATA_DIR } from '../helpers/shared-data.ts';

const available = fs.existsSync(path.join(SHARED_DATA_DIR, 'lod2'));
const file = (name: string) => sharedDataFile(`lod2/${name}`)!;

/** Every vertex's longitude, latitude and height range. */
function extent(content: Lod2Content) {
  const points = content.buildings.flatMap((b) => b.polygons.flatMap((p) => p.outer));
  const range = (i: number) => [Math.min(...points.map((p) => p[i])), Math.max(...points.map((p) => p[i]))];
  return { lon: range(0), lat: range(1), z: range(2) };
}

function count(content: Lod2Content, kind: string): number {
  return content.buildings.reduce((sum, b) => sum + b.polygons.filter((p) => p.kind === kind).length, 0);
}

function near(actual: number[], expected: number[], tolerance: number) {
  actual.forEach((value, i) => assert.ok(Math.abs(value - expected[i]) <= tolerance, `${actual} vs ${expected}`));
}

describe('LoD2 readers on real city models', { skip: available ? false : missingSharedData('lod2') }, () => {
  test('CityGML 1.0 (NRW, AdV profile, gzipped, xlink solids): every building, reprojected from ETRS89/UTM32', async () => {
    const wesel = await readLod2File(file('nrw-LoD2_32_329_5725_1_NW.gml.gz'));
    assert.equal(wesel.buildings.length, 217);
    assert.deepEqual(wesel.dataset, { name: 'geobasis-nrw', title: 'Geobasis NRW', attribution: '© Geobasis NRW (dl-de/zero-2.0)' });
    const { lon, lat, z } = extent(wesel);
    near([...lon, ...lat], [6.531715, 6.542576, 51.650021, 51.65428], 2e-6);
    near(z, [17.934, 36.298], 0.001);
    assert.ok(count(wesel, 'roof') >= 380, `roof polygons ${count(wesel, 'roof')}`);
    const codes = new Set(wesel.buildings.map((b) => b.roofType));
    assert.deepEqual([...codes].sort(), ['1000', '2100', '3100', '3200', '3300', '5000', '9999'], 'AdV roof codes of every building');
    // Polygons referenced by the solids' xlink:href are read once, from their boundary surfaces.
    const building = wesel.buildings[0];
    const keys = building.polygons.map((p) => JSON.stringify(p.outer));
    assert.equal(new Set(keys).size, keys.length);
  });

  test('CityJSON 1.1 (Zürich, LV95) with geometry on the parts, and the CRS from the metadata', async () => {
    const zurich = await readLod2File(file('zurich-subset-lod2.city.json.gz'), { name: 'zurich', attribution: 'Stadt Zürich' });
    assert.equal(zurich.buildings.length, 49);
    assert.equal(count(zurich, 'roof'), 644);
    assert.deepEqual(zurich.dataset, { name: 'zurich', title: 'zurich', attribution: 'Stadt Zürich' }, 'named by the settings without a title: called by its name');
    const { lon, lat } = extent(zurich);
    near([...lon, ...lat], [8.475099, 8.595642, 47.333372, 47.422885], 2e-6);
  });

  test('CityJSONSeq (3D BAG, CityJSON 2.0): LoD 2.2 of each feature, RD New + NAP', async () => {
    const delft = await readLod2File(file('3dbag-delft-3buildings.city.jsonl'));
    assert.equal(delft.dataset.name, '3dbag');
    assert.deepEqual(delft.buildings.map((b) => b.id).sort(), ['NL.IMBAG.Pand.0503100000005156', 'NL.IMBAG.Pand.0503100000012869', 'NL.IMBAG.Pand.0503100000016459']);
    const { lon, lat } = extent(delft);
    near([...lon, ...lat], [4.361871, 4.375972, 52.002041, 52.005515], 2e-6);
    // LoD 2.2 has more vertices than the LoD 1.2 box of the same part.
    assert.ok(delft.buildings.every((b) => b.polygons.some((p) => p.kind === 'roof')));
  });

  test('the older 3D BAG (CityJSON 1.1): header and feature joined into one sequence', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lod2-seq-'));
    const joined = path.join(folder, 'tile5910.city.jsonl');
    fs.writeFileSync(joined, `${fs.readFileSync(file('3dbag-v21031-tile5910-metadata.city.json'), 'utf8').trim()}\n${fs.readFileSync(file('3dbag-v21031-tile5910-feature-1205507.city.jsonl'), 'utf8')}`);
    const content = await readLod2File(joined);
    assert.deepEqual(content.buildings.map((b) => b.id), ['NL.IMBAG.Pand.0503100000020682']);
    assert.deepEqual(content.dataset, { name: '3dbag', title: '3DBAG', attribution: '© 3DBAG by tudelft3d and 3DGI (CC BY 4.0)' }, 'credited as the 3D BAG, as its licence asks');
    const [lon, lat] = content.buildings[0].polygons[0].outer[0];
    assert.ok(Math.abs(lon - 4.3782) < 0.003 && Math.abs(lat - 52.0068) < 0.002, `${lon} ${lat}`);
    fs.rmSync(folder, { recursive: true });
  });

  test('CityGML 2.0 (PLATEAU): latitude-first axis order of JGD2011', async () => {
    const tokyo = await readLod2File(file('plateau-tokyo-53392642_bldg_6697_op2.libplateau-test.gml.gz'));
    assert.equal(tokyo.buildings.length, 8);
    assert.equal(tokyo.dataset.name, 'plateau');
    const { lon, lat } = extent(tokyo);
    assert.ok(lon[0] > 139.77 && lon[1] < 139.78 && lat[0] > 35.538 && lat[1] < 35.542, `${lon} ${lat}`);
    // Its 8 outer ceilings (the undersides of overhangs, facing down) are not roofs: the roofs are the
    // polygons of its RoofSurfaces, each building's as many as the file holds.
    const text = zlib.gunzipSync(fs.readFileSync(file('plateau-tokyo-53392642_bldg_6697_op2.libplateau-test.gml.gz'))).toString('utf8');
    for (const member of text.split('<core:cityObjectMember>').slice(1)) {
      const id = /<bldg:Building gml:id="([^"]+)"/.exec(member)![1];
      const roofPolygons = [...member.matchAll(/<bldg:RoofSurface[\s\S]*?<\/bldg:RoofSurface>/g)].reduce((sum, [block]) => sum + (block.match(/<gml:Polygon\b/g) ?? []).length, 0);
      const read = tokyo.buildings.find((b) => b.id === id)!;
      assert.equal(read.polygons.filter((p) => p.kind === 'roof').length, roofPolygons, id);
    }
  });

  test('a file that names no CRS fails naming the file, and reads with the CRS the settings give', async () => {
    const denHaag = file('denhaag-DH01-subset.city.json');
    await assert.rejects(readLod2File(denHaag), (error: Error) => error.message.includes(denHaag) && /names no CRS/.test(error.message) && /crs=EPSG:28992/.test(error.message));
    const content = await readLod2File(denHaag, { crs: 'EPSG:28992' });
    assert.equal(content.buildings.length, 4);
    assert.equal(count(content, 'roof'), 13);
    // A roof class is the building's, or its parts' when they agree: a gabled house (1030) with a flat
    // annex (1000) names none, and its measured faces decide.
    const roofTypes = Object.fromEntries(content.buildings.map((b) => [b.id.slice(5, 13), b.roofType]));
    assert.deepEqual(roofTypes, { '3D7D60B9': '1030', '8CE54418': '1000', '13974D93': undefined, DBDABF53: undefined });
  });

  test('an unknown CRS and broken XML are named with the file', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lod2-bad-'));
    const gml = (srs: string) => `<core:CityModel xmlns:core="c" xmlns:bldg="b" xmlns:gml="g"><gml:boundedBy><gml:Envelope srsName="${srs}"/></gml:boundedBy><core:cityObjectMember><bldg:Building gml:id="B1"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>0 0 0 1 0 0 1 1 0 0 0 0</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:Building></core:cityObjectMember></core:CityModel>`;
    const unknown = path.join(folder, 'unknown.gml.gz');
    fs.writeFileSync(unknown, zlib.gzipSync(gml('EPSG:99999')));
    await assert.rejects(readLod2File(unknown), (error: Error) => error.message.includes(unknown) && error.message.includes('"EPSG:99999"'));
    const broken = path.join(folder, 'broken.xml');
    fs.writeFileSync(broken, gml('EPSG:25832').slice(0, 300) + '</oops>');
    await assert.rejects(readLod2File(broken), (error: Error) => error.message.includes(broken));
    await assert.rejects(readLod2File(path.join(folder, 'model.obj')), /Unknown LoD2 file type/);
    fs.rmSync(folder, { recursive: true });
  });
});

test('CityGML 3.0: boundaries of the construction module, building parts, GML 3 pos lists', async () => {
  // A 10 m × 8 m house in ETRS89/UTM32 near Wesel: ground at 20 m, eaves at 26 m, ridge along x at 30 m.
  const [x0, y0] = [329500, 5725500];
  const ring = (points: number[][]) => `<gml:Polygon><gml:exterior><gml:LinearRing><gml:posList srsDimension="3">${[...points, points[0]].map((p) => p.join(' ')).join(' ')}</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon>`;
  const surface = (kind: string, module: string, points: number[][]) => `<core:boundary><${module}:${kind}><core:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember>${ring(points)}</gml:surfaceMember></gml:MultiSurface></core:lod2MultiSurface></${module}:${kind}></core:boundary>`;
  const [a, b, c, d] = [[x0, y0], [x0 + 10, y0], [x0 + 10, y0 + 8], [x0, y0 + 8]];
  const gml = `<?xml version="1.0" encoding="UTF-8"?>
<core:CityModel xmlns:core="http://www.opengis.net/citygml/3.0" xmlns:bldg="http://www.opengis.net/citygml/building/3.0" xmlns:con="http://www.opengis.net/citygml/construction/3.0" xmlns:gml="http://www.opengis.net/gml/3.2">
 <gml:boundedBy><gml:Envelope srsName="http://www.opengis.net/def/crs/EPSG/0/25832" srsDimension="3"/></gml:boundedBy>
 <core:cityObjectMember><bldg:Building gml:id="house-1"><bldg:roofType>3100</bldg:roofType><bldg:buildingPart><bldg:BuildingPart gml:id="part-1">
  ${surface('GroundSurface', 'con', [[...a, 20], [...d, 20], [...c, 20], [...b, 20]])}
  ${surface('RoofSurface', 'con', [[...a, 26], [...b, 26], [x0 + 10, y0 + 4, 30], [x0, y0 + 4, 30]])}
  ${surface('RoofSurface', 'con', [[...c, 26], [...d, 26], [x0, y0 + 4, 30], [x0 + 10, y0 + 4, 30]])}
  ${surface('WallSurface', 'con', [[...a, 20], [...b, 20], [...b, 26], [...a, 26]])}
 </bldg:BuildingPart></bldg:buildingPart></bldg:Building></core:cityObjectMember>
</core:CityModel>`;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lod2-gml3-'));
  const file = path.join(folder, 'house.gml');
  fs.writeFileSync(file, gml);
  const { buildings } = await readLod2File(file);
  fs.rmSync(folder, { recursive: true });
  assert.equal(buildings.length, 1);
  assert.equal(buildings[0].id, 'house-1');
  assert.equal(buildings[0].roofType, '3100');
  assert.deepEqual(buildings[0].polygons.map((p) => p.kind), ['ground', 'roof', 'roof', 'wall']);
  const utm = resolveCrs('EPSG:25832')!;
  near(buildings[0].polygons[1].outer[0].slice(0, 2), utm.toLonLat(x0, y0), 1e-8);
  assert.equal(buildings[0].polygons[1].outer.length, 4, 'the closing vertex is dropped');
});

test('CRS names as files write them resolve to the same projection', () => {
  const names = ['EPSG:25832', 'urn:ogc:def:crs:EPSG::25832', 'urn:adv:crs:ETRS89_UTM32*DE_DHHN2016_NH*GCG2016', 'https://www.opengis.net/def/crs/EPSG/0/25832', 'urn:ogc:def:crs,crs:EPSG::25832,crs:EPSG::7837'];
  for (const name of names) near(resolveCrs(name)!.toLonLat(329500, 5725500), resolveCrs('EPSG:25832')!.toLonLat(329500, 5725500), 1e-12);
  near(resolveCrs('https://www.opengis.net/def/crs/EPSG/0/7415')!.toLonLat(155000, 463000), [5.387204, 52.155172], 2e-6);
  near(resolveCrs('EPSG:6697')!.toLonLat(35.54, 139.77), [139.77, 35.54], 0);
  assert.equal(resolveCrs('EPSG:1234'), undefined);
  // New York's State Plane in US feet: the Empire State Building's corner, heights in feet too.
  near(resolveCrs('EPSG:2263')!.toLonLat(988_000, 211_900), [-73.9857, 40.7484], 0.002);
  assert.ok(Math.abs(resolveCrs('EPSG:2263')!.zToMetres - 0.3048006) < 1e-6);
  assert.equal(resolveCrs('EPSG:25832')!.zToMetres, 1);
});
