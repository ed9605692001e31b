import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { assembleFeatures } from '../../src/modelgen/features/assemble-features.ts';
import { LocalFrame } from '../../src/modelgen/geometry/local-frame.ts';
import { cleanRing, oriented, signedArea } from '../../src/modelgen/geometry/polygon.ts';
import { ridgeAcross } from '../../src/modelgen/geometry/roofs/build-roof.ts';
import { minimumBoundingRectangle } from '../../src/modelgen/geometry/roofs/roof-outline.ts';
import { generateModel, indexExtract } from '../../src/modelgen/index.ts';
import { OsmData } from '../../src/modelgen/osm/osm-elements.ts';
import { readOsmFile } from '../../src/modelgen/osm/read-osm-file.ts';
import { roofClass, roofContexts } from '../../src/modelgen/roof-inference/roof-context.ts';
import { decideRoof } from '../../src/modelgen/roof-inference/roof-decision.ts';
import { readModel } from '../helpers/read-model.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-roof-inference-'));
after(() => fs.rmSync(cacheDir, { recursive: true, force: true }));
const LIECHTENSTEIN = 'osm/liechtenstein-2024-03-04.osm.pbf';
const MOSCOW = 'osm/moscow-danilovsky.osm.gz';
const SOURCES = ['osm-tag', 'inferred', 'default'];

const LAT = 47.14;
const LON = 9.52;
/** An OSM JSON file of ways given in local metres around (LAT, LON). */
function osmFile(buildings: { tags: Record<string, string>; ring: [number, number][] }[]): string {
  const elements: object[] = [];
  let nodeId = 1;
  buildings.forEach((building, index) => {
    const ids = building.ring.map(([x, y]) => {
      elements.push({ type: 'node', id: nodeId, lat: LAT + y / 111_320, lon: LON + x / (111_320 * Math.cos((LAT * Math.PI) / 180)) });
      return nodeId++;
    });
    elements.push({ type: 'way', id: index + 1, nodes: [...ids, ids[0]], tags: building.tags });
  });
  const file = path.join(cacheDir, `synthetic-${index++}.json`);
  fs.writeFileSync(file, JSON.stringify({ version: 0.6, elements }));
  return file;
}
let index = 0;
const box = (x: number, y: number, w: number, d: number): [number, number][] => [[x, y], [x + w, y], [x + w, y + d], [x, y + d]];
const generate = async (osmExtract: string, latitude = LAT, longitude = LON, radiusKm = 0.2) => {
  await indexExtract(osmExtract, cacheDir);
  return generateModel({ latitude, longitude, radiusKm, quality: 'hd', sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract, cacheDir } }, () => {});
};

describe('inferred roofs in the model', () => {
  test('a row of terraced houses gets gables with the ridge along the row; a large complex shed stays flat by default', async () => {
    const row = [0, 1, 2, 3].map((i) => ({ tags: { building: 'terrace' }, ring: box(i * 6, 0, 6, 11) }));
    const hall = { tags: { building: 'yes' }, ring: [[0, 40], [60, 40], [60, 70], [40, 70], [40, 55], [20, 55], [20, 90], [0, 90]] as [number, number][] };
    const { asset, buildings } = await readModel((await generate(osmFile([...row, hall]))).glb);
    for (const house of buildings.filter((b) => Number(b.extras.osmId.split('/')[1]) <= 4)) {
      assert.equal(house.extras.roofSource, 'inferred');
      assert.equal(house.extras.roofShape, 'gabled');
      const confidence = house.extras.roofConfidence as number;
      assert.ok(confidence > 0.5 && confidence <= 1, `confidence ${confidence}`);
      assert.deepEqual([...(house.extras.roofInferred as string[])].sort(), ['roof:angle', 'roof:orientation', 'roof:shape']);
      // The row runs east–west: its faces look north and south, at the inferred pitch.
      assert.deepEqual(house.segments.map((s) => Math.round(s.azimuth)).sort((a, b) => a - b), [0, 180]);
      assert.ok(house.segments.every((s) => Math.abs(s.pitch - 35) < 0.5), `pitches ${house.segments.map((s) => s.pitch)}`);
    }
    const shed = buildings.find((b) => b.extras.osmId === 'way/5')!;
    assert.equal(shed.extras.roofSource, 'default');
    assert.equal(shed.extras.roofShape, 'flat');
    assert.deepEqual(asset.roofSources, { inferred: 4, default: 1 });
  });

  test('Vaduz 0.5 km: at least 70 % of the house-like buildings drawn pitched, every roof marked how it was decided', { skip: sharedDataFile(LIECHTENSTEIN) ? false : missingSharedData(LIECHTENSTEIN) }, async () => {
    const { asset, buildings } = await readModel((await generate(sharedDataFile(LIECHTENSTEIN)!, 47.141, 9.5209, 0.5)).glb);
    const frame = new LocalFrame(47.141, 9.5209);
    const features = new Map(assembleFeatures(new OsmData(readOsmFile(sharedDataFile(LIECHTENSTEIN)!))).buildings.map((b) => [b.osmId, b]));
    const houseLike = buildings.filter((b) => {
      const feature = features.get(b.extras.osmId);
      if (!feature || feature.kind !== 'building' || feature.tags['roof:shape']) return false;
      const area = Math.abs(signedArea(feature.outer.map(([lon, lat]) => frame.toLocal(lon, lat))));
      const type = feature.tags.building;
      return ['house', 'detached', 'semidetached_house', 'terrace', 'farm', 'residential'].includes(type) || (type === 'yes' && !(Number(feature.tags['building:levels']) > 3) && area < 300);
    });
    const pitched = houseLike.filter((b) => b.segments.some((s) => s.pitch > 5));
    console.log(`# Vaduz: ${pitched.length} of ${houseLike.length} house-like buildings drawn pitched; roof sources ${JSON.stringify(asset.roofSources)}`);
    assert.ok(houseLike.length >= 250, `${houseLike.length} house-like buildings`);
    assert.ok(pitched.length >= 0.7 * houseLike.length, `${pitched.length} of ${houseLike.length} pitched`);
    assert.ok(buildings.every((b) => SOURCES.includes(b.extras.roofSource as string)), 'every building has a roofSource');
    const counts = asset.roofSources as Record<string, number>;
    for (const source of SOURCES) assert.equal(counts[source] ?? 0, buildings.filter((b) => b.extras.roofSource === source).length, source);
    assert.ok(buildings.filter((b) => b.extras.roofSource === 'osm-tag').every((b) => features.get(b.extras.osmId)?.tags['roof:shape']), 'osm-tag only on mapped roofs');
  });
});

/** Shape classes of the mapped roofs of an extract, inferred again with each building's own roof tags taken away. */
function leaveOneOut(file: string) {
  const buildings = assembleFeatures(new OsmData(readOsmFile(file))).buildings.filter((b) => b.kind === 'building');
  const first = buildings[0].outer[0];
  const frame = new LocalFrame(first[1], first[0]);
  const prepared = buildings
    .map((b) => ({ tags: b.tags, outer: oriented(cleanRing(b.outer.map(([lon, lat]) => frame.toLocal(lon, lat))), true) }))
    .filter((b) => b.outer.length >= 3);
  const strip = (tags: Record<string, string>) => Object.fromEntries(Object.entries(tags).filter(([k]) => !k.startsWith('roof:')));
  // A building's context counts the mapped roofs around it but never its own: each roof is inferred as
  // if only its own tags were taken away.
  const contexts = roofContexts(prepared.map((b) => ({ ...b, along: minimumBoundingRectangle(b.outer).along })));
  return prepared.flatMap((target, i) => (target.tags['roof:shape'] && target.tags['roof:shape'] !== 'yes' ? [{ target, decided: decideRoof(strip(target.tags), target.outer, [], contexts[i]) }] : []));
}

describe('inference measured against mapped roofs with the tags taken away', { skip: sharedDataFile(LIECHTENSTEIN) && sharedDataFile(MOSCOW) ? false : missingSharedData(LIECHTENSTEIN) }, () => {
  test('Liechtenstein, each roof inferred from its building and its neighbours: flat vs pitched ≥ 85 %, class ≥ 75 %, gabled ridge within 15° ≥ 80 %', () => {
    const results = leaveOneOut(sharedDataFile(LIECHTENSTEIN)!);
    const n = results.length;
    const pitchedRight = results.filter((r) => (roofClass(r.target.tags['roof:shape']) === 'flat') === (r.decided.tags['roof:shape'] === 'flat')).length;
    const classRight = results.filter((r) => roofClass(r.target.tags['roof:shape']) === roofClass(r.decided.tags['roof:shape'])).length;
    const gabled = results.filter((r) => r.target.tags['roof:shape'] === 'gabled' && r.decided.tags['roof:shape'] === 'gabled');
    const line = (r: (typeof results)[number], value: string | undefined) => ridgeAcross(r.target.outer, value === 'across');
    const ridgeRight = gabled.filter((r) => {
      const [a, b] = [line(r, r.target.tags['roof:orientation']), line(r, r.decided.tags['roof:orientation'])];
      return Math.abs(a[0] * b[0] + a[1] * b[1]) >= Math.cos((15 * Math.PI) / 180);
    }).length;
    console.log(`# Liechtenstein: ${n} mapped roofs; flat vs pitched ${pitchedRight}, class ${classRight}, ridge ${ridgeRight} of ${gabled.length}`);
    assert.ok(n >= 450);
    assert.ok(pitchedRight >= 0.85 * n, `flat vs pitched ${pitchedRight} of ${n}`);
    assert.ok(classRight >= 0.75 * n, `class ${classRight} of ${n}`);
    assert.ok(ridgeRight >= 0.8 * gabled.length, `ridge ${ridgeRight} of ${gabled.length}`);
  });

  test('Moscow, a city of hipped and flat roofs the rules were not written for: flat vs pitched ≥ 70 %, hipped recognised from the neighbours', () => {
    const results = leaveOneOut(sharedDataFile(MOSCOW)!);
    const pitchedRight = results.filter((r) => (roofClass(r.target.tags['roof:shape']) === 'flat') === (r.decided.tags['roof:shape'] === 'flat')).length;
    const hipped = results.filter((r) => r.target.tags['roof:shape'] === 'hipped' && r.decided.tags['roof:shape'] === 'hipped').length;
    console.log(`# Moscow: ${results.length} mapped roofs; flat vs pitched ${pitchedRight}; hipped right ${hipped}`);
    assert.ok(pitchedRight >= 0.7 * results.length, `${pitchedRight} of ${results.length}`);
    assert.ok(hipped >= 20, `${hipped} hipped roofs inferred hipped`);
  });
});

test('an L-shaped house gets a gable unless the roofs mapped around it are mostly hipped', () => {
  const l: [number, number][] = [[0, 0], [14, 0], [14, 6], [6, 6], [6, 14], [0, 14]];
  const house = { tags: { building: 'detached' }, outer: oriented(l, true) };
  const alone = [house].map((b) => ({ ...b, along: minimumBoundingRectangle(b.outer).along }));
  assert.equal(decideRoof(house.tags, house.outer, [], roofContexts(alone)[0]).tags['roof:shape'], 'gabled');
  const hippedStreet = [0, 1, 2, 3].map((i) => ({ tags: { building: 'detached', 'roof:shape': 'hipped' }, outer: oriented(box(30 + i * 20, 0, 10, 12), true) }));
  const street = [house, ...hippedStreet].map((b) => ({ ...b, along: minimumBoundingRectangle(b.outer).along }));
  assert.equal(decideRoof(house.tags, house.outer, [], roofContexts(street)[0]).tags['roof:shape'], 'hipped');
});

test('a small house walled in by its neighbours on both sides is a row house (pitched); one against a single wall is an annex (flat)', () => {
  const withAlong = (list: { tags: Record<string, string>; outer: [number, number][] }[]) => list.map((b) => ({ ...b, along: minimumBoundingRectangle(b.outer).along }));
  // Three narrow houses of 5 × 7 m in a row: the middle one shares 14 m of wall.
  const row = withAlong([0, 1, 2].map((i) => ({ tags: { building: 'house' }, outer: oriented(box(i * 5, 0, 5, 7), true) })));
  const middle = decideRoof(row[1].tags, row[1].outer, [], roofContexts(row)[1]);
  assert.equal(middle.tags['roof:shape'], 'gabled');
  assert.equal(middle.roofSource, 'inferred');
  assert.match(middle.roofRule ?? '', /row house/);
  // The same footprint against one wall of a larger house shares 7 m: an extension, flat.
  const pair = withAlong([{ tags: { building: 'house' }, outer: oriented(box(0, 0, 12, 10), true) }, { tags: { building: 'house' }, outer: oriented(box(12, 0, 5, 7), true) }]);
  const annex = decideRoof(pair[1].tags, pair[1].outer, [], roofContexts(pair)[1]);
  assert.equal(annex.tags['roof:shape'], 'flat');
  assert.match(annex.roofRule ?? '', /annex/);
  // A small untyped building walled in the same way is still an annex: the exception is for house types.
  const sheds = withAlong(row.map((b) => ({ tags: { building: 'yes' }, outer: b.outer })));
  assert.equal(decideRoof(sheds[1].tags, sheds[1].outer, [], roofContexts(sheds)[1]).tags['roof:shape'], 'flat');
});

test('a car park building (parking=multi-storey) is flat even among pitched roofs that make a plain building of its size pitched', () => {
  const withAlong = (list: { tags: Record<string, string>; outer: [number, number][] }[]) => list.map((b) => ({ ...b, along: minimumBoundingRectangle(b.outer).along }));
  // Eight mapped gabled buildings (`building=yes`) beside a 60 × 40 m block (as the Marktplatz car park in Vaduz).
  const houses = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({ tags: { building: 'yes', 'roof:shape': 'gabled' }, outer: oriented(box(-60 + i * 16, 50, 10, 8), true) }));
  const decide = (tags: Record<string, string>) => {
    const all = withAlong([...houses, { tags, outer: oriented(box(-30, 0, 60, 40), true) }]);
    return decideRoof(tags, all[all.length - 1].outer, [], roofContexts(all)[all.length - 1]);
  };
  assert.notEqual(decide({ building: 'yes' }).tags['roof:shape'], 'flat', 'the mapped roofs around make a plain building pitched');
  // A type that is usually flat, turned pitched by the roofs around: its rule says both, without contradiction.
  const service = decide({ building: 'service' });
  assert.notEqual(service.tags['roof:shape'], 'flat');
  assert.match(service.roofRule ?? '', /^type service: usually flat; .*; the roofs around outweigh the rules: pitched(;|$)/);
  const carPark = decide({ building: 'yes', amenity: 'parking', parking: 'multi-storey' });
  assert.equal(carPark.tags['roof:shape'], 'flat');
  assert.match(carPark.roofRule ?? '', /car park/);
});

test('a house-type tower (building=residential, 26 levels) is flat like a tall block of flats; the same footprint with 3 levels is pitched', () => {
  const decide = (levels: string) => {
    const all = [{ tags: { building: 'residential', 'building:levels': levels }, outer: oriented(box(0, 0, 14, 11), true) }].map((b) => ({ ...b, along: minimumBoundingRectangle(b.outer).along }));
    return decideRoof(all[0].tags, all[0].outer, [], roofContexts(all)[0]);
  };
  assert.equal(decide('26').tags['roof:shape'], 'flat');
  assert.match(decide('26').roofRule ?? '', /26 levels/);
  assert.equal(decide('3').tags['roof:shape'], 'gabled');
});

test('a wide block pulled pitched by the roofs around it gets a roof no taller than its storeys, its ridge along it; domes of building parts are not the street\'s roofs', () => {
  const withAlong = (list: { tags: Record<string, string>; outer: [number, number][] }[]) => list.map((b) => ({ ...b, along: minimumBoundingRectangle(b.outer).along }));
  const gables = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({ tags: { building: 'yes', 'roof:shape': 'gabled' }, outer: oriented(box(-60 + i * 16, 80, 10, 8), true) }));
  // A 90 × 40 m block walled in on its long sides (as Helsinki's relation/1688821 among its neighbours).
  const block = { tags: { building: 'yes' }, outer: oriented(box(0, 0, 90, 40), true) };
  const walls = [{ tags: { building: 'yes' }, outer: oriented(box(0, -10, 90, 10), true) }, { tags: { building: 'yes' }, outer: oriented(box(0, 40, 90, 10), true) }];
  const all = withAlong([...gables, ...walls, block]);
  const decided = decideRoof(block.tags, block.outer, [], roofContexts(all)[all.length - 1]);
  assert.equal(decided.tags['roof:shape'], 'gabled', 'the street\'s mapped gables make it pitched');
  assert.equal(decided.tags['roof:orientation'], 'along', 'a ridge across spans 90 m: no row house is that deep');
  const rise = Math.tan((Number(decided.tags['roof:angle']) * Math.PI) / 180) * 20;
  assert.ok(rise <= 6.5, `the roof rises ${rise.toFixed(1)} m over two default storeys (at 30° it would rise 11.5 m)`);
  // Domes capping the towers of one mapped 3D building say nothing of the street: the block stays flat by default.
  const domes = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({ tags: { 'building:part': 'yes', 'roof:shape': 'dome' }, outer: oriented(box(-60 + i * 16, 80, 10, 8), true) }));
  const withDomes = withAlong([...domes, ...walls, block]);
  assert.equal(decideRoof(block.tags, block.outer, [], roofContexts(withDomes)[withDomes.length - 1]).tags['roof:shape'], 'flat');
});
