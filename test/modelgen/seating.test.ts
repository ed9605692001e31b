import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { generateModel, indexExtract } from '../../src/modelgen/index.ts';
import { measureSeating, readGround } from '../helpers/ground-measure.ts';
import { readModel } from '../helpers/read-model.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-seating-'));
after(() => fs.rmSync(folder, { recursive: true, force: true }));

const ORIGIN = { latitude: 45.5, longitude: 10.5 };
const METRES_PER_DEGREE = 111_319.49;
/** Rise of the hand-made slope per SRTM row (3″, 92.77 m northwards): 28 m, a 30 % slope. */
const RISE_PER_ROW = 28;

/** An SRTM tile (N45E010, 3″) holding a plane rising 30 % to the north through 1000 m at 45.5° N. */
function slopeTile(dir: string): void {
  const size = 1201;
  const bytes = Buffer.alloc(size * size * 2);
  for (let row = 0; row < size; row++) for (let col = 0; col < size; col++) bytes.writeInt16BE(1000 + RISE_PER_ROW * (600 - row), (row * size + col) * 2);
  fs.writeFileSync(path.join(dir, 'N45E010.hgt'), bytes);
}

/** OSM XML with rectangles given in metres east and north of the origin, each with its tags. */
function osmFile(file: string, shapes: Shape[]): void {
  const cos = Math.cos((ORIGIN.latitude * Math.PI) / 180);
  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<osm version="0.6">'];
  let id = 1;
  shapes.forEach(({ box: [x0, y0, x1, y1], tags }, index) => {
    const ids = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]].map(([x, y]) => {
      lines.push(`<node id="${id}" lat="${ORIGIN.latitude + y / METRES_PER_DEGREE}" lon="${ORIGIN.longitude + x / (METRES_PER_DEGREE * cos)}"/>`);
      return id++;
    });
    lines.push(`<way id="${index + 100}">${[...ids, ids[0]].map((n) => `<nd ref="${n}"/>`).join('')}${Object.entries(tags).map(([k, v]) => `<tag k="${k}" v="${v}"/>`).join('')}</way>`);
  });
  lines.push('</osm>');
  fs.writeFileSync(file, lines.join('\n'));
}

type Shape = { box: [number, number, number, number]; tags: Record<string, string> };

const SHAPES: Shape[] = [
  { box: [-40, -10, -28, 10], tags: { building: 'yes', height: '10' } }, // way/100: mapped height
  { box: [-10, -10, 2, 10], tags: { building: 'house' } }, // way/101: default height
  { box: [20, -10, 40, 10], tags: { building: 'yes' } }, // way/102: drawn by its parts
  { box: [20, -10, 40, 10], tags: { 'building:part': 'yes', height: '8' } }, // way/103
  { box: [25, -5, 35, 5], tags: { 'building:part': 'yes', min_height: '8', height: '12' } }, // way/104
];

async function model(terrainDir: string | undefined, radiusKm = 0.1) {
  const extract = path.join(folder, 'slope.osm');
  osmFile(extract, SHAPES);
  await indexExtract(extract, folder);
  return generateModel({ ...ORIGIN, radiusKm, quality: 'hd', sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract: extract, cacheDir: folder, ...(terrainDir ? { terrainDir } : {}) } }, () => {});
}

describe('buildings on a hand-made 30 % slope', () => {
  test('no roof under the ground, no gap under a wall, a default-height house not buried, parts stacked', async () => {
    const terrainDir = path.join(folder, 'terrain');
    fs.mkdirSync(terrainDir, { recursive: true });
    slopeTile(terrainDir);
    const { glb } = await model(terrainDir);
    const { asset, buildings } = await readModel(glb); // zero Khronos validator errors
    const seating = await measureSeating(glb);
    assert.equal(seating.buildings, 4, 'the two boxes and the two parts (the outline with parts is drawn by them)');
    assert.deepEqual(seating.roofUnder.filter((r) => r.share > 0), [], 'no roof area under the ground');
    assert.ok(seating.worstWallGap <= 0.5, `worst gap under a wall ${seating.worstWallGap.toFixed(2)} m at ${seating.worstWallGapAt}`);

    const byId = new Map(buildings.map((b) => [b.name, b]));
    const ground = await readGround(glb);
    // glTF: z is south; the boxes run from y = -10 (downhill, south) to y = 10 (uphill).
    const groundAlong = (x0: number, x1: number) => [x0, x1].flatMap((x) => [-10, 10].map((y) => ground(x, -y)!));
    const mapped = byId.get('way/100')!;
    assert.equal(mapped.extras.seating, 'lowest-contact');
    // The plane is level east–west: the natural ground 20 m west of the box is that along its sides.
    const [south, north] = [ground(-60, 10)!, ground(-60, -10)!];
    assert.ok(north - south > 5.5 && north - south < 6.5, `the slope rises ${(north - south).toFixed(2)} m across the box`);
    assert.ok(Math.abs(mapped.top - (Number(mapped.extras.base) + 10)) < 0.05, 'a mapped height counts from the base');
    assert.ok(Math.abs(Number(mapped.extras.base) - south) < 0.3, 'the base is the lowest ground contact');
    assert.ok(Math.max(...groundAlong(-40, -28)) <= Number(mapped.extras.base) + 0.2, 'the slope is cut down to the base under it');

    const house = byId.get('way/101')!;
    assert.equal(house.extras.seating, 'highest-contact');
    assert.ok((house.extras.guessed as string[]).includes('height'));
    const uphill = Math.max(...groundAlong(-10, 2));
    const eaves = Math.min(...house.segments.flatMap((s) => s.outline.map((p) => p[1])));
    assert.ok(eaves - uphill >= 5.5, `the house's roof starts ${(eaves - uphill).toFixed(2)} m above the uphill ground: not buried`);
    assert.ok(house.bottom <= Math.min(...groundAlong(-10, 2)), 'its walls reach down to the ground on the downhill side');

    const [lower, upper] = [byId.get('way/103')!, byId.get('way/104')!];
    assert.equal(lower.extras.seating, 'with-building');
    assert.equal(upper.extras.base, lower.extras.base, 'parts stand on their building\'s base');
    assert.ok(Math.abs(upper.bottom - (Number(lower.extras.base) + 8)) < 0.05, 'the upper part starts on top of the lower one');

    const terrain = asset.terrain as Record<string, unknown>;
    assert.match(String(terrain.source), /SRTM/);
    assert.ok(Math.abs(Number(terrain.dataResolutionM) - 92.77) < 0.1, `SRTM 3″ samples, ${terrain.dataResolutionM} m`);
    assert.equal(terrain.maxErrorM, 0.5);
  });

  test('flat land costs a few triangles', async () => {
    const { glb } = await model(undefined, 0.3);
    const seating = await measureSeating(glb);
    // The former ground was a 10 m grid over the circle and 20 m more: 64 × 64 cells of two triangles.
    assert.ok(seating.groundTriangles < 8192 / 10, `${seating.groundTriangles} ground triangles (a 10 m grid had 8192)`);
    assert.ok(seating.groundReach <= 300 + 20 + 0.05, `the ground ends at the circle and 20 m (${seating.groundReach.toFixed(2)} m)`);
    assert.deepEqual(seating.roofUnder.filter((r) => r.share > 0), []);
  });
});

const HGT = 'terrain/N43E007.hgt.zip';
const MONACO = 'osm/monaco-latest.osm.pbf';

describe('Monaco on its slope, real data', { skip: sharedDataFile(HGT) && sharedDataFile(MONACO) ? false : missingSharedData(HGT) }, () => {
  test('0.3 km HD with SRTM: no building with more than 5 % of its roof under the drawn ground, no gap under a wall over 0.5 m', async () => {
    const terrainDir = path.join(folder, 'srtm');
    fs.mkdirSync(terrainDir, { recursive: true });
    fs.copyFileSync(sharedDataFile(HGT)!, path.join(terrainDir, 'N43E007.hgt.zip'));
    await indexExtract(sharedDataFile(MONACO)!, folder);
    const { glb } = await generateModel({ latitude: 43.7396, longitude: 7.4276, radiusKm: 0.3, quality: 'hd', sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract: sharedDataFile(MONACO)!, terrainDir, cacheDir: folder } }, () => {});
    const { buildings } = await readModel(glb);
    const seating = await measureSeating(glb);
    assert.ok(seating.buildings >= 85, `${seating.buildings} buildings`);
    const buried = seating.roofUnder.filter((r) => r.share > 0.05).map((r) => `${r.name} ${(r.share * 100).toFixed(0)} %`);
    assert.deepEqual(buried, [], 'buildings with more than 5 % of their roof under the ground');
    assert.ok(seating.worstWallGap <= 0.5, `worst gap under a wall ${seating.worstWallGap.toFixed(2)} m at ${seating.worstWallGapAt}`);
    assert.ok(buildings.every((b) => typeof b.extras.base === 'number' && typeof b.extras.seating === 'string'), 'every building says where and how it was seated');

    // SD draws the same seating on a coarser ground (it was flat before, under buildings set on the slope).
    await indexExtract(sharedDataFile(MONACO)!, folder);
    const sd = await generateModel({ latitude: 43.7396, longitude: 7.4276, radiusKm: 0.3, quality: 'sd', sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract: sharedDataFile(MONACO)!, terrainDir, cacheDir: folder } }, () => {});
    await readModel(sd.glb);
    const sdSeating = await measureSeating(sd.glb);
    assert.deepEqual(sdSeating.roofUnder.filter((r) => r.share > 0.05).map((r) => r.name), [], 'SD: roofs under the ground');
    assert.ok(sdSeating.worstWallGap <= 0.5, `SD: worst gap under a wall ${sdSeating.worstWallGap.toFixed(2)} m`);
    assert.ok(sdSeating.groundTriangles < seating.groundTriangles, `SD ground ${sdSeating.groundTriangles} triangles, HD ${seating.groundTriangles}`);
  });
});

test('parts with no building around them: a tower part stands on the podium part it rises from (Monaco\'s Tour Odéon)', async () => {
  const { seatBuildings } = await import('../../src/modelgen/geometry/seating.ts');
  const rect = (x0: number, y0: number, x1: number, y1: number): [number, number][] => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
  const slope = (_x: number, y: number) => 0.3 * y;
  const { seats, pads } = seatBuildings([
    { outer: rect(0, 0, 40, 30), part: true, heightGuessed: false }, // the podium
    { outer: rect(25, 15, 35, 25), part: true, heightGuessed: false }, // the tower, on its uphill side
    { outer: rect(60, 0, 70, 10), part: true, heightGuessed: false }, // a part elsewhere, on its own
  ], slope);
  assert.equal(seats[1].base, seats[0].base, 'the tower on the podium\'s base, not 4.5 m higher on its own contact');
  assert.equal(seats[1].seating, 'with-building');
  assert.equal(seats[2].seating, 'lowest-contact');
  assert.equal(pads.length, 2, 'one pad for the podium and its tower, one for the lone part');
});
