import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { generateModel, indexExtract } from '../../src/modelgen/index.ts';
import { roofMaterial } from '../../src/modelgen/materials/material-rules.ts';
import { regionAt } from '../../src/modelgen/materials/region.ts';
import { readPrimitives, type ModelPrimitive } from '../helpers/read-model.ts';

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-materials-'));
after(() => fs.rmSync(cacheDir, { recursive: true, force: true }));
const LAT = 47.14;
const LON = 9.52;

type Ring = [number, number][];
const box = (x: number, y: number, w: number, d: number): Ring => [[x, y], [x + w, y], [x + w, y + d], [x, y + d]];
const circle = (x: number, y: number, r: number): Ring => Array.from({ length: 16 }, (_, i) => [x + r * Math.cos((i * Math.PI) / 8), y + r * Math.sin((i * Math.PI) / 8)]);

/** An OSM JSON file of closed ways given in local metres around (LAT, LON). */
function osmFile(ways: { tags: Record<string, string>; ring: Ring }[]): string {
  const elements: object[] = [];
  let nodeId = 1;
  ways.forEach((way, index) => {
    const ids = way.ring.map(([x, y]) => {
      elements.push({ type: 'node', id: nodeId, lat: LAT + y / 111_320, lon: LON + x / (111_320 * Math.cos((LAT * Math.PI) / 180)) });
      return nodeId++;
    });
    elements.push({ type: 'way', id: index + 1, nodes: [...ids, ids[0]], tags: way.tags });
  });
  const file = path.join(cacheDir, 'materials.json');
  fs.writeFileSync(file, JSON.stringify({ version: 0.6, elements }));
  return file;
}

const WAYS: { tags: Record<string, string>; ring: Ring }[] = [
  { tags: { building: 'church', 'roof:shape': 'dome', 'roof:material': 'copper', height: '14', 'roof:height': '6' }, ring: circle(0, 0, 7) }, // way/1
  { tags: { building: 'house', 'roof:shape': 'gabled', 'roof:material': 'roof_tiles', height: '9', 'roof:height': '3', 'building:levels': '2' }, ring: box(30, 0, 12, 8) }, // way/2
  { tags: { building: 'yes', 'roof:shape': 'flat', 'roof:material': 'glass', height: '6' }, ring: box(-40, 0, 15, 10) }, // way/3
  { tags: { building: 'apartments', 'building:material': 'brick', 'building:levels': '5', 'roof:shape': 'flat', height: '16' }, ring: box(0, 40, 20, 12) }, // way/4
  { tags: { building: 'retail', 'building:levels': '3', 'roof:shape': 'flat' }, ring: box(40, 40, 20, 15) }, // way/5
  { tags: { building: 'garage', 'roof:shape': 'flat' }, ring: box(-40, 40, 6, 3) }, // way/6
  { tags: { building: 'house', 'roof:colour': '#2255aa', 'roof:shape': 'hipped', 'building:colour': 'yellow' }, ring: box(-40, -40, 10, 10) }, // way/7
  { tags: { leisure: 'park' }, ring: box(0, -60, 30, 20) }, // way/8
  { tags: { building: 'church', 'roof:shape': 'flat', height: '12' }, ring: box(60, -40, 20, 12) }, // way/9
  { tags: { 'building:part': 'yes', 'roof:shape': 'flat', height: '24', 'building:levels': '6' }, ring: box(62, -38, 6, 6) }, // way/10: its tower
];

let hd: ModelPrimitive[];
let hdBytes: number;
let sd: ModelPrimitive[];
let sdBytes: number;
before(async () => {
  const file = osmFile(WAYS);
  await indexExtract(file, cacheDir);
  const generate = (quality: 'hd' | 'sd') => generateModel({ latitude: LAT, longitude: LON, radiusKm: 0.15, quality, sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract: file, cacheDir } }, () => {});
  const [h, s] = [await generate('hd'), await generate('sd')];
  [hd, hdBytes, sd, sdBytes] = [await readPrimitives(h.glb), h.glb.byteLength, await readPrimitives(s.glb), s.glb.byteLength];
});

const of = (primitives: ModelPrimitive[], way: number, surface: string) => primitives.filter((p) => p.node === `way/${way}` && p.surface === surface);
/** Linear base colour back to sRGB 0–1, as the mapper's colour was given. */
/**
 * Storeys the wall texture repeats over from the ground (y = 0 on this flat map) to the wall's top:
 * walls reach a little into the ground, so the v range is read per metre of height.
 */
function storeysAboveGround(p: ModelPrimitive): number {
  const ys = p.vertices.map((v) => v.position[1]);
  const [top, bottom] = [Math.max(...ys), Math.min(...ys)];
  return ((p.uv!.max[1] - p.uv!.min[1]) * (top - Math.max(bottom, 0))) / (top - bottom);
}
const srgb = (linear: number[]) => linear.slice(0, 3).map((c) => (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055));

describe('materials from OSM tags in the HD model', () => {
  test('a copper dome is patinated copper: green, slightly metallic, textured with seams', () => {
    const dome = of(hd, 1, 'roof');
    assert.ok(dome.length > 0, 'the dome is drawn');
    for (const p of dome) {
      assert.equal(p.material.extras.material, 'copper');
      const [r, g, b] = srgb(p.material.baseColour);
      assert.ok(g > r + 0.1 && b > r, `green-blue patina, got ${[r, g, b].map((c) => c.toFixed(2))}`);
      assert.ok(p.material.metalness > 0 && p.material.metalness < 0.5 && p.material.roughness < 0.8);
      assert.equal(p.material.texture, 'image/webp');
    }
  });

  test('a tiled gable is terracotta, its texture running up the slope (v follows the height, u the eaves)', () => {
    const faces = of(hd, 2, 'roof');
    assert.equal(faces.length, 2, 'two roof faces');
    for (const face of faces) {
      assert.equal(face.material.extras.material, 'roof_tiles');
      const [r, g, b] = srgb(face.material.baseColour);
      assert.ok(r > g && g > b && r > 0.5, `terracotta, got ${[r, g, b].map((c) => c.toFixed(2))}`);
      assert.equal(face.material.texture, 'image/webp');
      // Vertices at the same height (along the eaves or the ridge) share v; higher ones have smaller v (image top = ridge).
      const byHeight = new Map<number, number[]>();
      for (const v of face.vertices) byHeight.set(Math.round(v.position[1] * 100), [...(byHeight.get(Math.round(v.position[1] * 100)) ?? []), v.uv![1]]);
      for (const vs of byHeight.values()) assert.ok(Math.max(...vs) - Math.min(...vs) < 1e-3, `v constant along the eaves: ${vs}`);
      const heights = [...byHeight.keys()].sort((a, b) => a - b);
      assert.ok(byHeight.get(heights.at(-1)!)![0] < byHeight.get(heights[0])![0], 'v decreases up the slope');
      // The slope of a 12 × 8 m gable 3 m high is 5 m long: 5 m / 1.2 m per repeat.
      assert.ok(Math.abs(face.uv!.max[1] - face.uv!.min[1] - 5 / 1.2) < 0.05, `v range ${face.uv!.max[1] - face.uv!.min[1]}`);
      const u = face.vertices.map((v) => v.uv![0]);
      assert.ok(Math.abs(Math.max(...u) - Math.min(...u) - 12 / 1.2) < 0.05, 'u spans the 12 m eaves');
      // The viewer lays the same texture on a roof the visitor corrects, from the tile the material names.
      assert.equal(face.material.extras.tile, 1.2);
    }
  });

  test('a glass roof is glossy and blue-grey', () => {
    const [roof] = of(hd, 3, 'roof');
    assert.equal(roof.material.extras.material, 'glass_roof');
    assert.ok(roof.material.roughness <= 0.2, `roughness ${roof.material.roughness}`);
  });

  test('a five-storey brick facade repeats its window row once per storey, and its bays along the walls', () => {
    const [walls] = of(hd, 4, 'walls');
    assert.equal(walls.material.extras.material, 'brick');
    assert.equal(walls.material.extras.facade, 'windows');
    assert.equal(walls.material.texture, 'image/webp');
    const [r, g, b] = srgb(walls.material.baseColour);
    assert.ok(r > g + 0.1 && g >= b, 'brick red');
    assert.ok(Math.abs(storeysAboveGround(walls) - 5) < 0.01, `v spans 5 storeys above the ground: ${storeysAboveGround(walls)}`);
    // u runs along each wall in 3 m bays: the 20 m wall spans 20 / 3 bays.
    // Triangles of the south wall (z = −40 m): every vertex on it.
    const triangles = Array.from({ length: walls.vertices.length / 3 }, (_, i) => walls.vertices.slice(3 * i, 3 * i + 3));
    const south = triangles.filter((t) => t.every((v) => Math.abs(v.position[2] + 40) < 0.05)).flat();
    const u = south.map((v) => v.uv![0]);
    assert.ok(Math.abs(Math.max(...u) - Math.min(...u) - 20 / 3) < 0.02, `u range on the 20 m wall ${Math.max(...u) - Math.min(...u)}`);
  });

  test('a retail building has shop fronts on its ground floor and windows above; a garage has plain walls', () => {
    const walls = of(hd, 5, 'walls');
    assert.deepEqual(walls.map((p) => p.material.extras.facade).sort(), ['shop', 'windows']);
    const shop = walls.find((p) => p.material.extras.facade === 'shop')!;
    const upper = walls.find((p) => p.material.extras.facade === 'windows')!;
    const top = (p: ModelPrimitive) => Math.max(...p.vertices.map((v) => v.position[1]));
    const bottom = (p: ModelPrimitive) => Math.min(...p.vertices.map((v) => v.position[1]));
    assert.ok(Math.abs(top(shop) - bottom(upper)) < 0.01, 'the shop front ends where the upper storeys begin');
    assert.ok(Math.abs(storeysAboveGround(shop) - 1) < 0.01 && Math.abs(upper.uv!.max[1] - upper.uv!.min[1] - 2) < 1e-3, 'one storey of shop, two of windows');
    const [garage] = of(hd, 6, 'walls');
    assert.equal(garage.material.extras.facade, undefined, 'no windows on a garage');
  });

  test('tagged colours paint the material; an untagged pitched roof in the Alps is clay tiles', () => {
    const roof = of(hd, 7, 'roof');
    assert.ok(roof.every((p) => p.material.name.includes('#2255aa')), roof.map((p) => p.material.name).join());
    const [walls] = of(hd, 7, 'walls');
    const [r, g, b] = srgb(walls.material.baseColour);
    assert.ok(r > 0.8 && g > 0.7 && b < 0.5, 'yellow walls');
    const [house] = of(hd, 2, 'walls');
    assert.equal(house.material.extras.material, 'plaster');
  });

  test("a church's tower part has the church's plain stone walls, not rows of flat windows", () => {
    const [walls] = of(hd, 10, 'walls');
    assert.equal(walls.material.extras.material, 'stone');
    assert.equal(walls.material.extras.facade, undefined);
  });

  test('every textured primitive has texture coordinates; textures are shared WebP images; the park is grass', () => {
    const textured = hd.filter((p) => p.material.texture);
    assert.ok(textured.length >= 10);
    for (const p of textured) assert.ok(p.uv, `${p.node} ${p.surface} has UVs`);
    assert.ok(textured.every((p) => p.material.texture === 'image/webp' && (p.material.textureBytes ?? 0) > 100));
    const park = hd.filter((p) => p.node === 'grass');
    assert.ok(park.length === 1 && park[0].material.extras.material === 'grass');
    const ground = hd.find((p) => p.node === 'ground')!;
    assert.equal(ground.material.extras.material, 'ground');
  });
});

test('the SD model has the same materials as colours only: no textures, no texture coordinates, fewer bytes', () => {
  assert.ok(sd.every((p) => !p.material.texture && !p.uv));
  assert.equal(of(sd, 1, 'roof')[0].material.extras.material, 'copper');
  assert.equal(of(sd, 4, 'walls')[0].material.extras.material, 'brick');
  assert.ok(sdBytes < hdBytes / 2, `SD ${sdBytes} B, HD ${hdBytes} B`);
});

test('untagged roofs follow the region: terracotta tiles by the Mediterranean, painted metal and gilded domes in Russia, gravel when flat', () => {
  const monaco = regionAt(43.74, 7.43);
  const posad = regionAt(56.31, 38.13);
  const vaduz = regionAt(47.14, 9.52);
  assert.deepEqual([monaco, posad, vaduz], ['south', 'east', 'central']);
  assert.equal(roofMaterial({ building: 'house' }, 'gabled', monaco).material, 'roof_tiles');
  assert.equal(roofMaterial({ building: 'house' }, 'gabled', posad).material, 'metal');
  assert.equal(roofMaterial({ building: 'church' }, 'onion', posad).material, 'gold');
  assert.equal(roofMaterial({ building: 'apartments' }, 'flat', vaduz).material, 'gravel');
  assert.equal(roofMaterial({ building: 'house', 'roof:material': 'slate' }, 'gabled', monaco).material, 'slate');
});

test('a town wall, a clock tower, a monument and a car park mapped as buildings have plain walls, not rows of windows', async () => {
  const { facadeOf } = await import('../../src/modelgen/materials/facade.ts');
  const structures: Record<string, string>[] = [{ building: 'yes', barrier: 'city_wall' }, { building: 'yes', man_made: 'tower' }, { building: 'yes', historic: 'monument' }, { building: 'yes', amenity: 'parking', parking: 'multi-storey' }];
  for (const tags of structures) {
    assert.equal(facadeOf(tags, 0, 12).layout, 'plain', JSON.stringify(tags));
  }
  assert.equal(facadeOf({ building: 'yes' }, 0, 12).layout, 'windows', 'a plain building of the same height has windows');
  // The Victory Column's drums (Berlin way/131553985: a part of 30 m², 38.5–44.5 m up): no room behind such walls.
  assert.equal(facadeOf({ 'building:part': 'yes', height: '44.5', min_height: '38.5' }, 38.5, 44.5, 30).layout, 'plain');
  assert.equal(facadeOf({ 'building:part': 'yes', 'building:levels': '2' }, 0, 6, 30).layout, 'windows', 'storeys mapped: rooms, however small');
  assert.equal(facadeOf({ 'building:part': 'yes' }, 0, 12, 80).layout, 'windows', 'a part large enough for rooms');
  assert.equal(facadeOf({ building: 'house' }, 0, 6, 30).layout, 'windows', 'a small house keeps its windows');
});
