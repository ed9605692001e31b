import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { generateModel } from '../../src/modelgen/index.ts';
import { indexExtract } from '../../src/modelgen/osm/extract-index.ts';
import { LocalFrame } from '../../src/modelgen/geometry/local-frame.ts';
import { parseLod2Sources } from '../../src/modelgen/lod2/lod2-source-spec.ts';
import type { Lod2Building } from '../../src/modelgen/lod2/lod2-types.ts';
import { readLod2File } from '../../src/modelgen/lod2/read-lod2-file.ts';
import { readModel, type ModelBuilding } from '../helpers/read-model.ts';
import { missingSharedData, sharedDataFile, SHARED_DATA_DIR } from '../helpers/shared-data.ts';
import { OgcFeaturesStandIn } from '../stand-ins/ogc-features-stand-in.ts';
import { OverpassStandIn } from '../stand-ins/overpass-stand-in.ts';

const available = fs.existsSync(path.join(SHARED_DATA_DIR, 'lod2'));
const file = (name: string) => sharedDataFile(`lod2/${name}`)!;
const WESEL = 'nrw-LoD2_32_329_5725_1_NW.gml.gz';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lod2-models-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));

/** The source's own roof polygons of a building, as plane normals in a metric frame (east, north, up). */
function sourceRoofPlanes(building: Lod2Building, frame: LocalFrame) {
  return building.polygons
    .filter((p) => p.kind === 'roof')
    .map((p) => {
      const ring = p.outer.map(([lon, lat, z]) => [...frame.toLocal(lon, lat), z]);
      let [x, y, z] = [0, 0, 0];
      ring.forEach((a, i) => {
        const b = ring[(i + 1) % ring.length];
        x += (a[1] - b[1]) * (a[2] + b[2]);
        y += (a[2] - b[2]) * (a[0] + b[0]);
        z += (a[0] - b[0]) * (a[1] + b[1]);
      });
      const length = Math.hypot(x, y, z);
      const up = Math.abs(z) / length;
      const sign = Math.sign(z) || 1;
      return { pitch: (Math.acos(up) * 180) / Math.PI, azimuth: ((Math.atan2(sign * x, sign * y) * 180) / Math.PI + 360) % 360, area: length / 2 };
    });
}

function overpassJson(ways: { id: number; ring: [number, number][]; tags: Record<string, string> }[]) {
  let nodeId = 1;
  const elements: unknown[] = [];
  for (const way of ways) {
    const ids = way.ring.map(([lon, lat]) => {
      elements.push({ type: 'node', id: nodeId, lat, lon });
      return nodeId++;
    });
    elements.push({ type: 'way', id: way.id, nodes: [...ids, ids[0]], tags: way.tags });
  }
  return { version: 0.6, elements };
}

describe('models with measured LoD2 roofs', { skip: available ? false : missingSharedData('lod2') }, () => {
  let wesel: Lod2Building[];
  let gabled: Lod2Building;
  let centre: [number, number];
  before(async () => {
    wesel = (await readLod2File(file(WESEL))).buildings;
    gabled = wesel.find((b) => b.roofType === '3100' && b.polygons.filter((p) => p.kind === 'roof').length === 2)!;
    const ground = gabled.polygons.find((p) => p.kind === 'ground')!.outer;
    centre = [ground.reduce((s, p) => s + p[0], 0) / ground.length, ground.reduce((s, p) => s + p[1], 0) / ground.length];
  });

  test('Wesel (NRW CityGML, no terrain source): measured buildings replace the OSM one they cover, OSM elsewhere; the ground from the LoD2 ground surfaces', async () => {
    const frame = new LocalFrame(centre[1], centre[0]);
    // An OSM outline of the gabled house (shifted 0.5 m, as two surveys differ) and a shed where the data has no building.
    const ground = gabled.polygons.find((p) => p.kind === 'ground')!.outer.map(([lon, lat]) => [lon + 0.000007, lat] as [number, number]);
    const far = [[-180, 170], [-170, 170], [-170, 180], [-180, 180]].map(([x, y]) => frame.toLonLat([x, y]));
    const covered = wesel.some((b) => b.polygons.some((p) => p.outer.some(([lon, lat]) => {
      const [x, y] = frame.toLocal(lon, lat);
      return x > -185 && x < -165 && y > 165 && y < 185;
    })));
    assert.ok(!covered, 'the shed stands where the data has no building');
    const osmFile = path.join(work, 'wesel-osm.json');
    fs.writeFileSync(osmFile, JSON.stringify(overpassJson([{ id: 1, ring: ground, tags: { building: 'house' } }, { id: 2, ring: far, tags: { building: 'shed' } }])));
    const overpass = await OverpassStandIn.start(osmFile);
    const lod2Sources = parseLod2Sources(file(WESEL), '/').sources;
    const model = await generateModel({ latitude: centre[1], longitude: centre[0], radiusKm: 0.3, quality: 'hd', sources: { overpassUrl: overpass.url, lod2Sources, terrainTilesUrl: undefined, cacheDir: work } }, () => {});
    const { asset, buildings } = await readModel(model.glb);
    const names = new Set(buildings.map((b) => b.name));
    assert.ok(!names.has('way/1'), 'the OSM house is drawn as measured');
    assert.ok(names.has('way/2'), 'the OSM shed outside the data is drawn');
    // Every measured building with a corner inside the circle is drawn.
    const inside = wesel.filter((b) => b.polygons.some((p) => p.outer.some(([lon, lat]) => Math.hypot(...frame.toLocal(lon, lat)) < 299)));
    for (const b of inside) assert.ok(names.has(`lod2/geobasis-nrw/${b.id}`), `${b.id} drawn`);
    const roofSources = asset.roofSources as Record<string, number>;
    assert.equal(roofSources['lod2:geobasis-nrw'], buildings.filter((b) => b.name.startsWith('lod2/')).length);
    assert.equal(Object.values(roofSources).reduce((a, b) => a + b, 0), buildings.length);
    assert.match(String(asset.attribution), /OpenStreetMap.*; © Geobasis NRW/);
    assert.deepEqual((asset.sources as { lod2: unknown[] }).lod2, [{ name: 'geobasis-nrw', title: 'Geobasis NRW', attribution: '© Geobasis NRW (dl-de/zero-2.0)', buildings: roofSources['lod2:geobasis-nrw'] }], 'the dataset drawn, with its name for people');
    assert.match(String((asset.sources as { terrain: string }).terrain), /ground surfaces of the LoD2 buildings/);

    // The gabled house: two faces at the source planes' pitch and azimuth, areas as measured, seated on the ground.
    const house = buildings.find((b) => b.name === `lod2/geobasis-nrw/${gabled.id}`)!;
    assert.equal(house.extras.roofSource, 'lod2:geobasis-nrw');
    assert.equal(house.extras.roofShape, 'gabled');
    const planes = sourceRoofPlanes(gabled, frame);
    assert.equal(house.segments.length, 2);
    for (const segment of house.segments) {
      const plane = planes.find((p) => Math.abs(((p.azimuth - segment.azimuth + 540) % 360) - 180) < 2)!;
      assert.ok(plane, `a source plane facing ${segment.azimuth}`);
      assert.ok(Math.abs(plane.pitch - segment.pitch) < 0.5, `${plane.pitch} vs ${segment.pitch}`);
      assert.ok(Math.abs(plane.area - segment.area) / plane.area < 0.01, `${plane.area} vs ${segment.area}`);
    }
    const relief = (b: Lod2Building) => Math.max(...b.polygons.flatMap((p) => p.outer.map((v) => v[2]))) - Math.min(...b.polygons.filter((p) => p.kind === 'ground').flatMap((p) => p.outer.map((v) => v[2])));
    assert.ok(Math.abs(house.top - house.bottom - relief(gabled)) < 0.05, `height ${house.top - house.bottom} vs ${relief(gabled)}`);
    assert.ok(Math.abs(house.bottom - (house.extras.base as number)) < 0.05, 'stands on its base');
    await overpass.close();
  });

  test('a place with LoD2 data and no OSM buildings: a whole model, every building standing on the ground the LoD2 data sets', async () => {
    const overpass = await OverpassStandIn.start(sharedDataFile('overpass/piedmont-ca-buildings-2017-10-20.json.gz')!);
    const lod2Sources = parseLod2Sources(file(WESEL), '/').sources;
    const model = await generateModel({ latitude: centre[1], longitude: centre[0], radiusKm: 0.25, quality: 'hd', sources: { overpassUrl: overpass.url, lod2Sources, cacheDir: work } }, () => {});
    const { asset, buildings } = await readModel(model.glb);
    assert.ok(buildings.length > 20 && buildings.every((b) => b.name.startsWith('lod2/')), 'LoD2 only: the place has no OSM buildings');
    const elevation = (asset.origin as { elevation: number }).elevation;
    assert.ok(elevation > 17.9 && elevation < 36.3, `origin on the data's ground, ${elevation}`);
    for (const b of buildings) assert.ok(b.bottom > -3 && b.bottom < 3 && b.top > b.bottom, `${b.name} ${b.bottom}…${b.top}`);
    await overpass.close();
    // The same with a local extract of another place: the measured buildings make the model, where the
    // extract alone would be refused as outside its data.
    const elsewhere = sharedDataFile('osm/reifenberg-chapel.osm.json')!;
    indexExtract(elsewhere, work);
    const withExtract = await generateModel({ latitude: centre[1], longitude: centre[0], radiusKm: 0.25, quality: 'sd', sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract: elsewhere, lod2Sources, cacheDir: work } }, () => {});
    assert.equal(withExtract.summary.buildings, buildings.length, 'every measured building');
    await assert.rejects(
      generateModel({ latitude: centre[1], longitude: centre[0], radiusKm: 0.25, quality: 'sd', sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract: elsewhere, cacheDir: work } }, () => {}),
      /^Error: This place is outside the map data the service holds \(the OpenStreetMap extract reifenberg-chapel\.osm\.json: it covers /,
    );
  });

  test('with a terrain source: each measured building sits on the lowest terrain under it, its measured heights kept, no roof under the ground', async () => {
    // A synthetic SRTM3 tile over Wesel rising 1 m every cell (about 64 m) to the east from 100 m.
    const terrainDir = path.join(work, 'terrain');
    fs.mkdirSync(terrainDir, { recursive: true });
    const size = 1201;
    const tile = Buffer.alloc(size * size * 2);
    for (let row = 0; row < size; row++) for (let col = 0; col < size; col++) tile.writeInt16BE(100 + col, (row * size + col) * 2);
    fs.writeFileSync(path.join(terrainDir, 'N51E006.hgt'), tile);
    const overpass = await OverpassStandIn.start(sharedDataFile('overpass/piedmont-ca-buildings-2017-10-20.json.gz')!);
    const lod2Sources = parseLod2Sources(file(WESEL), '/').sources;
    const model = await generateModel({ latitude: centre[1], longitude: centre[0], radiusKm: 0.25, quality: 'hd', sources: { overpassUrl: overpass.url, lod2Sources, terrainDir, cacheDir: work } }, () => {});
    await overpass.close();
    const { asset, buildings, ground } = await readModel(model.glb);
    assert.match(String((asset.sources as { terrain: string }).terrain), /SRTM/);
    const elevation = (asset.origin as { elevation: number }).elevation;
    const column = (centre[0] - 6) * 1200;
    assert.ok(Math.abs(elevation - (100 + column)) < 1, `origin elevation ${elevation} from the terrain, not the data's ${gabled.polygons[0].outer[0][2]}`);
    const frame = new LocalFrame(centre[1], centre[0]);
    const terrainAt = (x: number, y: number) => 100 + (frame.toLonLat([x, y])[0] - 6) * 1200 - elevation;
    const byName = new Map(buildings.map((b) => [b.name, b]));
    for (const source of wesel) {
      const node = byName.get(`lod2/geobasis-nrw/${source.id}`);
      if (!node) continue;
      const footprint = source.polygons.filter((p) => p.kind === 'ground').flatMap((p) => p.outer);
      const lowest = Math.min(...footprint.map(([lon, lat]) => terrainAt(...frame.toLocal(lon, lat))));
      assert.ok(Math.abs(node.bottom - lowest) < 0.05, `${source.id} stands on the terrain: ${node.bottom} vs ${lowest}`);
      const dataTop = Math.max(...source.polygons.flatMap((p) => p.outer.map((v) => v[2])));
      const dataGround = Math.min(...footprint.map((v) => v[2]));
      assert.ok(Math.abs(node.top - node.bottom - (dataTop - dataGround)) < 0.05, `${source.id} keeps its measured height`);
      for (const [x, y, z] of node.roofTriangles.flat()) assert.ok(y >= terrainAt(x, -z) - 0.05, `${source.id} roof above the terrain`);
    }
    assert.ok(ground.length > 0);
  });

  test('overlapping sources: the first named draws each building once, its credit given once', async () => {
    const overpass = await OverpassStandIn.start(sharedDataFile('overpass/piedmont-ca-buildings-2017-10-20.json.gz')!);
    const once = parseLod2Sources(file(WESEL), '/').sources;
    const twice = parseLod2Sources(`${file(WESEL)},${file(WESEL)}|name=wesel-copy|attribution=© copy`, '/').sources;
    const request = (lod2Sources: typeof once) => generateModel({ latitude: centre[1], longitude: centre[0], radiusKm: 0.2, quality: 'sd', sources: { overpassUrl: overpass.url, lod2Sources, cacheDir: work } }, () => {});
    const single = await readModel((await request(once)).glb);
    const both = await readModel((await request(twice)).glb);
    await overpass.close();
    assert.deepEqual(both.buildings.map((b) => b.name).sort(), single.buildings.map((b) => b.name).sort());
    assert.deepEqual(both.asset.roofSources, single.asset.roofSources);
    assert.equal(both.asset.attribution, single.asset.attribution);
  });

  test('Zürich (CityJSON, LV95) and Delft from an OGC API – Features service: measured faces in the model', async () => {
    const overpass = await OverpassStandIn.start(sharedDataFile('overpass/piedmont-ca-buildings-2017-10-20.json.gz')!);
    const zurich = parseLod2Sources(`${file('zurich-subset-lod2.city.json.gz')}|name=zurich|attribution=© Stadt Zürich`, '/').sources;
    const first = (await readLod2File(file('zurich-subset-lod2.city.json.gz'))).buildings[0].polygons[0].outer[0];
    const zModel = await generateModel({ latitude: first[1], longitude: first[0], radiusKm: 0.4, quality: 'hd', sources: { overpassUrl: overpass.url, lod2Sources: zurich, cacheDir: work } }, () => {});
    const z = await readModel(zModel.glb);
    assert.ok(z.buildings.length > 0);
    assert.ok(z.buildings.every((b: ModelBuilding) => b.extras.roofSource === 'lod2:zurich' && b.segments.length > 0));
    assert.match(String(z.asset.attribution), /© Stadt Zürich/);
    const bag = await OgcFeaturesStandIn.start([file('3dbag-delft-3buildings.city.jsonl')]);
    try {
      const model = await generateModel({ latitude: 52.0038, longitude: 4.3689, radiusKm: 0.6, quality: 'hd', sources: { overpassUrl: overpass.url, lod2Sources: parseLod2Sources(bag.url, '/').sources, cacheDir: work } }, () => {});
      const { asset, buildings } = await readModel(model.glb);
      assert.equal(buildings.length, 3);
      assert.deepEqual(asset.roofSources, { 'lod2:3dbag': 3 });
      assert.match(String(asset.attribution), /3DBAG/);
    } finally {
      await bag.stop();
      await overpass.close();
    }
  });
});
