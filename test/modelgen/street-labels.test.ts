import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { generateModel, indexExtract } from '../../src/modelgen/index.ts';
import type { StreetLabel } from '../../src/modelgen/ground/street-labels.ts';
import { HeightLookup, readNodes } from '../helpers/ground-features-measure.ts';
import { HandMadeMap, slopeTile } from '../helpers/hand-made-map.ts';

const folders: string[] = [];
after(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));
const CENTRE = [10.5, 10.5] as const;
const RADIUS_M = 200;

/** The HD model of a hand-made map (on a terrain tile's folder, if given): its GLB. */
async function modelOf(map: HandMadeMap, terrainDir?: string): Promise<Uint8Array> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-labels-'));
  folders.push(folder);
  const osmExtract = map.write(folder);
  await indexExtract(osmExtract, folder);
  const sources = { overpassUrl: 'http://127.0.0.1:9', osmExtract, cacheDir: folder, ...(terrainDir ? { terrainDir } : {}) };
  return (await generateModel({ latitude: CENTRE[0], longitude: CENTRE[1], radiusKm: RADIUS_M / 1000, quality: 'hd', sources }, () => {})).glb;
}

/** The `asset.extras` of a GLB. */
function assetExtras(glb: Uint8Array): Record<string, unknown> {
  const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))).asset.extras;
}

test('street names lie on their roads, on a 30 % slope: ways of one street joined, its other carriageway not named again; tunnels, parking aisles, unnamed and too short roads left out', async () => {
  const terrainDir = slopeTile(...CENTRE, 0.3);
  folders.push(terrainDir);
  const map = new HandMadeMap(...CENTRE);
  // One street mapped as two ways meeting at 0, 0: its name goes in the middle, across the junction.
  map.way([[-150, 10], [-60, 5], [0, 0]], { highway: 'residential', name: 'Rue du Soleil' });
  map.way([[0, 0], [80, -5], [150, -10]], { highway: 'residential', name: 'Rue du Soleil' });
  map.way([[-150, 80], [150, 80]], { highway: 'primary', name: 'Tunnel du Nord', tunnel: 'yes', layer: '-1' });
  map.way([[-150, -80], [150, -80]], { highway: 'residential' });
  map.way([[100, 40], [112, 40]], { highway: 'residential', name: 'Impasse des Très Longs Noms Inutiles' });
  map.way([[-150, -40], [150, -40]], { highway: 'service', service: 'parking_aisle', name: 'Parking du Marché' });
  // A street up the slope's fall line... across it: running north-south, the ground rising 30 % eastwards.
  map.way([[-100, -150], [-100, -60]], { highway: 'residential', name: 'Rue de la Pente' });
  map.way([[-94, -110], [-86, -110], [-86, -100], [-94, -100]], { building: 'house', 'addr:housenumber': '3', 'addr:street': 'Rue de la Pente' }, true);
  // The street's other carriageway, mapped 12 m beside it: one name for both.
  map.way([[-150, 22], [-60, 17], [0, 12], [80, 7], [150, 2]], { highway: 'residential', name: 'Rue du Soleil', oneway: 'yes' });
  const glb = await modelOf(map, terrainDir);
  const labels = assetExtras(glb).streetLabels as StreetLabel[];
  assert.deepEqual([...new Set(labels.map((label) => label.name))].sort(), ['Rue de la Pente', 'Rue du Soleil']);
  const roads = new HeightLookup((await readNodes(glb)).filter((node) => node.name === 'road').flatMap((node) => node.triangles), 4);
  for (const { name, path: flat, size } of labels) {
    assert.ok(size >= 2 && size <= 5, `letters ${size} m high`);
    const points = Array.from({ length: flat.length / 3 }, (_, i) => [flat[3 * i], flat[3 * i + 1], -flat[3 * i + 2]]);
    const length = points.slice(1).reduce((sum, p, i) => sum + Math.hypot(p[0] - points[i][0], p[2] - points[i][2]), 0);
    assert.ok(length > name.length * 0.6 * size, `the stretch holds the name: ${length.toFixed(1)} m`);
    for (const [x, y, north] of points) {
      assert.ok(Math.hypot(x, north) < RADIUS_M, `inside the model: ${x}, ${north}`);
      const road = roads.heightAt(x, north);
      assert.ok(road !== undefined, `over the road at ${x}, ${north}`);
      assert.ok(Math.abs(y - road) < 0.15, `on the road surface at ${x.toFixed(0)}, ${north.toFixed(0)}: ${y} against ${road.toFixed(2)}`);
    }
    const xs = points.map((p) => p[0]);
    if (name === 'Rue du Soleil') assert.ok(Math.min(...xs) < 0 && Math.max(...xs) > 0, 'the joined street is named across the junction of its two ways');
  }
  assert.equal(labels.filter((label) => label.name === 'Rue du Soleil').length, 1, 'a street 300 m long inside the model is named once');
  // Rue de la Pente runs across the slope: its name lies on it (read northwards, the ground falls to the letters' tops, west).
  const pente = labels.find((label) => label.name === 'Rue de la Pente')!;
  const northwards = -pente.path[pente.path.length - 1] > -pente.path[2];
  assert.ok(pente.tilt !== undefined && Math.abs(pente.tilt - (northwards ? -0.3 : 0.3)) < 0.05, `the name's slope across the street: ${pente.tilt}`);
  const soleil = labels.find((label) => label.name === 'Rue du Soleil')!;
  assert.ok(Math.abs(soleil.tilt ?? 0) < 0.05, `a street nearly along the fall line: nearly level across (${soleil.tilt})`);
  // House no. 3 on the slope: its number lies on the ground rising 30 % toward the house, not level over it.
  const three = (assetExtras(glb).houseNumbers as StreetLabel[]).find((label) => label.name === '3')!;
  assert.ok(three && Math.abs(three.tilt! - 0.3) < 0.05, `the number's slope across: ${three?.tilt}`);
  const ground = new HeightLookup((await readNodes(glb)).filter((node) => node.name === 'ground').flatMap((node) => node.triangles), 4);
  for (let i = 0; i < three.path.length; i += 3) {
    const under = ground.heightAt(three.path[i], -three.path[i + 2])!;
    assert.ok(Math.abs(three.path[i + 1] - under) < 0.3, `on the ground: ${three.path[i + 1]} over ${under.toFixed(2)}`);
  }
});

test('a house number lies on the ground in front of the wall facing its own street, along it; never inside another building; a number with no street nearby is left out', async () => {
  const map = new HandMadeMap(...CENTRE);
  map.way([[-150, 0], [150, 0]], { highway: 'residential', name: 'Rue du Soleil' });
  map.way([[40, -150], [40, 150]], { highway: 'residential', name: 'Chemin Vert' });
  // A house 6 m north of the Rue du Soleil, nearer the Chemin Vert's line than the street of its address.
  // Its address spells the street otherwise ("rue", lower case): still the Rue du Soleil, not the nearer Chemin Vert.
  map.way([[30, 6], [36, 6], [36, 16], [30, 16]], { building: 'house', 'addr:housenumber': '12a', 'addr:street': 'rue du Soleil' }, true);
  map.way([[50, 16], [56, 16], [56, 26], [50, 26]], { building: 'house', 'addr:housenumber': '14', 'addr:street': 'Rue du Soleil' }, true);
  map.way([[50, 6], [56, 6], [56, 16], [50, 16]], { building: 'garage' }, true);
  // A house whose street is not in the model, 70 m from any street drawn: no number rather than a guess.
  map.way([[-60, 70], [-50, 70], [-50, 78], [-60, 78]], { building: 'house', 'addr:housenumber': '7', 'addr:street': 'Rue Lointaine' }, true);
  const glb = await modelOf(map);
  const numbers = assetExtras(glb).houseNumbers as StreetLabel[];
  const twelve = numbers.find((label) => label.name === '12a')!;
  assert.ok(twelve, JSON.stringify(numbers));
  const [x0, y0, z0] = twelve.path;
  const [x1, y1, z1] = twelve.path.slice(-3);
  const [north0, north1] = [-z0, -z1];
  // The residential street is 6 m wide: its edge is 3 m north of its centre line, the wall 6 m.
  assert.ok(north0 - twelve.size / 2 >= 3 && north0 + twelve.size / 2 <= 6 && Math.abs(north1 - north0) < 0.01, `between the house's south wall and the road's edge, along the street: ${twelve.path} (${twelve.size} m high)`);
  assert.ok(Math.min(x0, x1) > 29 && Math.max(x0, x1) < 37, `in front of the house: ${twelve.path}`);
  assert.ok(Math.abs(y0) < 0.2 && Math.abs(y1) < 0.2, 'on the ground');
  // No. 14's only wall facing its street is shared with an annex: its number is not written inside the annex.
  const fourteen = numbers.find((label) => label.name === '14');
  const inAnnex = (x: number, north: number) => x > 50 && x < 56 && north > 6 && north < 16;
  assert.ok(!fourteen || !inAnnex(fourteen.path[3], -fourteen.path[5]), `not inside the annex: ${fourteen?.path}`);
  assert.ok(numbers.every((label) => label.name !== '7'), 'no number 70 m from any street');
});

test('address points give their building its numbers: each entrance of a block in front of its own point, a number repeated on the outline or on the garage once, the next place of an address where the first has no room, a shop’s only in a house without a number and in front of its own street; points in a courtyard or a garden give none, and none lies on a road', async () => {
  const map = new HandMadeMap(...CENTRE);
  map.way([[-150, 0], [150, 0]], { highway: 'residential', name: 'Rue du Soleil' });
  // A block of 60 m with two entrances, mapped as points inside it near its ends: no number on its outline.
  map.way([[-60, 8], [0, 8], [0, 20], [-60, 20]], { building: 'apartments' }, true);
  map.point([-50, 12], { 'addr:housenumber': '20', 'addr:street': 'Rue du Soleil', entrance: 'yes' });
  map.point([-10, 12], { 'addr:housenumber': '22', 'addr:street': 'Rue du Soleil' });
  // A house numbered on its outline, with a shop inside giving the same number again.
  map.way([[20, 8], [30, 8], [30, 16], [20, 16]], { building: 'house', 'addr:housenumber': '30', 'addr:street': 'Rue du Soleil' }, true);
  map.point([25, 12], { 'addr:housenumber': '30', 'addr:street': 'Rue du Soleil' });
  // A bakery in it, mapped with the number of its other door: a shop's address is not the house's number.
  map.point([27, 12], { 'addr:housenumber': '28', 'addr:street': 'Rue du Soleil', shop: 'bakery', name: 'Boulangerie' });
  // Its garage, mapped with the house's address: the number is written once, at the house.
  map.way([[33, 8], [38, 8], [38, 14], [33, 14]], { building: 'garage', 'addr:housenumber': '30', 'addr:street': 'Rue du Soleil' }, true);
  // A house with a courtyard: a point in the courtyard is no address of it; nor is a point in a garden.
  map.multipolygon([[[50, 8], [80, 8], [80, 38], [50, 38]]], [[[58, 16], [72, 16], [72, 30], [58, 30]]], { building: 'residential' });
  map.point([65, 23], { 'addr:housenumber': '40', 'addr:street': 'Rue du Soleil' });
  map.point([40, 30], { 'addr:housenumber': '36', 'addr:street': 'Rue du Soleil' });
  // No. 50 is mapped on a house behind a block (its front is the block's back wall) and on the block's
  // entrance: the number goes where there is room, in front of the entrance.
  map.way([[120, 8], [140, 8], [140, 16], [120, 16]], { building: 'apartments' }, true);
  map.point([130, 8.3], { 'addr:housenumber': '50', 'addr:street': 'Rue du Soleil', entrance: 'main' });
  map.way([[118, 16], [142, 16], [142, 40], [118, 40]], { building: 'house', 'addr:housenumber': '50', 'addr:street': 'Rue du Soleil' }, true);
  // A shop in a house that has no number otherwise gives it its own; one whose street is a shopping
  // passage, not a road of the model, gives none (its number would face some other street).
  map.way([[60, 8], [70, 8], [70, 16], [60, 16]], { building: 'retail' }, true);
  map.point([65, 12], { 'addr:housenumber': '70', 'addr:street': 'Rue du Soleil', shop: 'books', name: 'Librairie' });
  map.way([[85, 8], [95, 8], [95, 16], [85, 16]], { building: 'retail' }, true);
  map.point([90, 12], { 'addr:housenumber': '7', 'addr:street': 'Galerie du Soleil', shop: 'shoes' });
  // No. 60's garden is a service road, right under its front wall: no number is written on the road;
  // it stands upright on the wall instead, as on a house on its street.
  map.way([[-140, 30], [-120, 30], [-120, 38], [-140, 38]], { building: 'house', 'addr:housenumber': '60', 'addr:street': 'Rue du Soleil' }, true);
  map.way([[-150, 28.5], [-110, 28.5]], { highway: 'service' });
  const glb = await modelOf(map);
  const numbers = assetExtras(glb).houseNumbers as StreetLabel[];
  assert.deepEqual(numbers.map((label) => label.name).sort(), ['20', '22', '30', '50', '60', '70'], JSON.stringify(numbers));
  assert.deepEqual(numbers.filter((label) => label.upright).map((label) => label.name), ['60'], 'only no. 60 stands on its wall');
  const middleOf = (name: string) => {
    const label = numbers.find((candidate) => candidate.name === name)!;
    const n = label.path.length / 3;
    return [label.path[3 * Math.floor(n / 2)], -label.path[3 * Math.floor(n / 2) + 2]];
  };
  for (const [name, x] of [['20', -50], ['22', -10], ['30', 25], ['50', 130], ['70', 65]] as const) {
    const [east, north] = middleOf(name);
    assert.ok(Math.abs(east - x) < 2, `no. ${name} in front of its entrance: ${east.toFixed(1)} m east, its point at ${x}`);
    assert.ok(north > 3 && north < 8, `no. ${name} between the block and the road's edge: ${north.toFixed(1)} m north`);
  }
});

test('a house standing on its street shows its number upright on the wall facing it, over the ground of a slope; none on a wall against or facing another building, nor where the walls do not reach the letters', async () => {
  const terrainDir = slopeTile(...CENTRE, 0.3);
  folders.push(terrainDir);
  const map = new HandMadeMap(...CENTRE);
  // The street is 6 m wide: its edge is 3 m north of its centre line, where the houses' fronts stand.
  map.way([[-150, 0], [150, 0]], { highway: 'residential', name: 'Grand-Rue' });
  map.way([[0, 3], [10, 3], [10, 12], [0, 12]], { building: 'house', 'addr:housenumber': '4', 'addr:street': 'Grand-Rue' }, true);
  // No. 6 stands behind a shed built against its front: its street wall is a party wall.
  map.way([[20, 3], [30, 3], [30, 12], [20, 12]], { building: 'shed' }, true);
  map.way([[20, 12], [30, 12], [30, 20], [20, 20]], { building: 'house', 'addr:housenumber': '6', 'addr:street': 'Grand-Rue' }, true);
  // No. 8 stands 1.5 m behind a shop on the street: its front faces the shop's back wall, not its street.
  map.way([[40, 3], [52, 3], [52, 10], [40, 10]], { building: 'retail' }, true);
  map.way([[40, 11.5], [52, 11.5], [52, 20], [40, 20]], { building: 'house', 'addr:housenumber': '8', 'addr:street': 'Grand-Rue' }, true);
  // No. 10's garage is lower than the letters, no. 12 stands on pillars above them: no wall to write on.
  map.way([[60, 3], [66, 3], [66, 9], [60, 9]], { building: 'garage', height: '2.5', 'addr:housenumber': '10', 'addr:street': 'Grand-Rue' }, true);
  map.way([[70, 3], [80, 3], [80, 12], [70, 12]], { building: 'house', min_height: '3', height: '9', 'addr:housenumber': '12', 'addr:street': 'Grand-Rue' }, true);
  // No. 2 of the Rue Montante, 11 m below it up the slope, a service road under its front wall: its number
  // stands over the ground at its wall's foot, not over the street's, 3 m higher.
  map.way([[150, -150], [150, -20]], { highway: 'residential', name: 'Rue Montante' });
  map.way([[130, -40], [136, -40], [136, -30], [130, -30]], { building: 'house', 'addr:housenumber': '2', 'addr:street': 'Rue Montante' }, true);
  map.way([[138.5, -60], [138.5, -10]], { highway: 'service' });
  const glb = await modelOf(map, terrainDir);
  const numbers = assetExtras(glb).houseNumbers as StreetLabel[];
  assert.deepEqual(numbers.map((label) => label.name).sort(), ['2', '4'], JSON.stringify(numbers));
  const two = numbers.find((label) => label.name === '2')!;
  const groundAt = new HeightLookup((await readNodes(glb)).filter((node) => node.name === 'ground').flatMap((node) => node.triangles), 4);
  for (let i = 0; i < two.path.length; i += 3) {
    const foot = groundAt.heightAt(136.5, -two.path[i + 2])!;
    assert.ok(two.upright && Math.abs(two.path[i + 1] - foot - 2.2) < 0.2, `no. 2 at ${two.path[i + 1]} m over its wall's foot at ${foot.toFixed(2)} m`);
  }
  const four = numbers.find((label) => label.name === '4')!;
  assert.equal(four.upright, true, 'no room before the house: upright on its wall');
  const ground = new HeightLookup((await readNodes(glb)).filter((node) => node.name === 'ground').flatMap((node) => node.triangles), 4);
  const points = Array.from({ length: four.path.length / 3 }, (_, i) => four.path.slice(3 * i, 3 * i + 3));
  // Read from the street, the number runs west to east along the wall (the wall to the left of its path, seen from above).
  assert.ok(points[0][0] < points.at(-1)![0], `it reads from the street: ${four.path}`);
  for (const [east, up, south] of points) {
    assert.ok(east > 0 && east < 10, `on the house's front: ${four.path}`);
    assert.ok(-south > 2.7 && -south < 3, `just before the wall's face (3 m north): ${four.path}`);
    // The ground rises 30 % eastwards: the letters' foot clears the highest ground along them.
    const foot = Math.max(...points.map(([x]) => ground.heightAt(x, 2.5)!));
    assert.ok(up - four.size / 2 >= foot + 1 && up - ground.heightAt(east, 2.5)! <= 3.5, `${up} m over the ground at ${ground.heightAt(east, 2.5)!.toFixed(2)} m (highest along it ${foot.toFixed(2)} m)`);
  }
});

test('a house on a square mapped only as an area gets its number on the square, in front of the wall facing it', async () => {
  const map = new HandMadeMap(...CENTRE);
  map.way([[-150, -60], [150, -60]], { highway: 'residential', name: 'Rue du Soleil' });
  // The Piazza: a pedestrian area 40 m across, with houses on its north and south sides. No. 3's back faces the Rue du Soleil.
  map.way([[-20, -20], [20, -20], [20, 20], [-20, 20]], { highway: 'pedestrian', area: 'yes', name: 'Piazza del Sole' }, true);
  map.way([[-10, 20], [10, 20], [10, 32], [-10, 32]], { building: 'house', 'addr:housenumber': '1', 'addr:street': 'Piazza del Sole' }, true);
  map.way([[-10, -32], [10, -32], [10, -20], [-10, -20]], { building: 'house', 'addr:housenumber': '3', 'addr:street': 'piazza del sole' }, true);
  map.way([[-4, -12], [4, -12], [4, -6], [-4, -6]], { building: 'townhall', 'addr:housenumber': '9', 'addr:street': 'Piazza del Sole' }, true);
  const numbers = assetExtras(await modelOf(map)).houseNumbers as StreetLabel[];
  const northOf = (name: string) => {
    const label = numbers.find((candidate) => candidate.name === name);
    assert.ok(label, `no. ${name} is written: ${JSON.stringify(numbers)}`);
    return { north: -label.path[5], east: label.path[3], size: label.size };
  };
  // The town hall standing in the Piazza, nearer its south edge, has its number on the square in front of its south wall.
  const hall = northOf('9');
  assert.ok(hall.north < -12 - hall.size / 2 + 0.01 && hall.north > -18, `no. 9 on the square in front of the hall's south wall at −12 m: ${hall.north.toFixed(1)} m north`);
  const one = northOf('1');
  assert.ok(one.north < 20 - one.size / 2 && one.north > 14, `no. 1 on the square, just south of its wall at 20 m: ${one.north.toFixed(1)} m north`);
  const three = northOf('3');
  assert.ok(three.north > -20 + three.size / 2 && three.north < -14, `no. 3 on the square, just north of its wall at −20 m, not toward the road behind: ${three.north.toFixed(1)} m north`);
  assert.ok(Math.abs(one.east) < 3 && Math.abs(three.east) < 3, 'each in front of its house');
});

test('two streets crossing in the middle of their runs are both named, their letters apart', async () => {
  const map = new HandMadeMap(...CENTRE);
  map.way([[-120, 0], [120, 0]], { highway: 'primary', name: 'Avenue de la Gare' });
  map.way([[0, -120], [0, 120]], { highway: 'primary', name: 'Boulevard du Lac' });
  const glb = await modelOf(map);
  const labels = assetExtras(glb).streetLabels as StreetLabel[];
  assert.deepEqual(labels.map((label) => label.name).sort(), ['Avenue de la Gare', 'Boulevard du Lac']);
  // The avenue runs east-west on y = 0, the boulevard north-south on x = 0: where each name's letters reach.
  const avenue = labels.find((label) => label.name === 'Avenue de la Gare')!;
  const boulevard = labels.find((label) => label.name === 'Boulevard du Lac')!;
  const xs = avenue.path.filter((_, i) => i % 3 === 0);
  const norths = boulevard.path.filter((_, i) => i % 3 === 2).map((z) => -z);
  const avenueCrosses = Math.min(...xs) < boulevard.size / 2 && Math.max(...xs) > -boulevard.size / 2;
  const boulevardCrosses = Math.min(...norths) < avenue.size / 2 && Math.max(...norths) > -avenue.size / 2;
  assert.ok(!(avenueCrosses && boulevardCrosses), `the names do not cross each other: avenue ${Math.min(...xs)}…${Math.max(...xs)} m east, boulevard ${Math.min(...norths)}…${Math.max(...norths)} m north`);
});
