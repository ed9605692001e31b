import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import validator from 'gltf-validator';
import { generateModel, indexExtract } from '../../src/modelgen/index.ts';
import { plantTrees } from '../../src/modelgen/ground/wood-trees.ts';
import { alongLine, farthestVertex, GROUND_FEATURE_SURFACES, HeightLookup, hiddenArea, planAreaOf, readNodes, type ModelNode } from '../helpers/ground-features-measure.ts';
import { HandMadeMap, slopeTile, type Metres } from '../helpers/hand-made-map.ts';

const folders: string[] = [];
after(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));
const CENTRE = [10.5, 10.5] as const;

/** Builds the HD model of a hand-made map (radius 0.2 km), checks it with the Khronos validator, reads its nodes. */
async function model(map: HandMadeMap, terrainDir?: string, radiusKm = 0.2): Promise<ModelNode[]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-ground-'));
  folders.push(folder);
  const osmExtract = map.write(folder);
  await indexExtract(osmExtract, folder);
  const generated = await generateModel({ latitude: CENTRE[0], longitude: CENTRE[1], radiusKm, quality: 'hd', sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract, terrainDir, cacheDir: folder } }, () => {});
  const report = await validator.validateBytes(generated.glb);
  assert.equal(report.issues.numErrors, 0, JSON.stringify(report.issues.messages.filter((m: { severity: number }) => m.severity === 0).slice(0, 3)));
  return readNodes(generated.glb);
}

const node = (nodes: ModelNode[], name: string) => nodes.find((n) => n.name === name);
const lookup = (nodes: ModelNode[], ...names: string[]) => new HeightLookup(nodes.filter((n) => names.includes(n.name)).flatMap((n) => n.triangles), 4);

describe('ground features drawn on the terrain (hand-made maps)', () => {
  test('a road and a park on a 30 % slope lie on the ground: no centre-line sample under it, no park area hidden', async () => {
    const terrainDir = slopeTile(...CENTRE, 0.3);
    folders.push(terrainDir);
    const map = new HandMadeMap(...CENTRE);
    const road: Metres[] = [[-150, -40], [-40, -20], [30, 10], [150, 20]];
    map.way(road, { highway: 'residential' });
    map.way([[-60, 40], [60, 40], [60, 110], [-60, 110]], { leisure: 'park' }, true);
    const nodes = await model(map, terrainDir);
    const ground = lookup(nodes, 'ground');
    // The slope is there: 300 m across rise about 90 m.
    assert.ok(ground.heightAt(140, 0)! - ground.heightAt(-140, 0)! > 80, 'the ground rises eastwards');
    const roads = lookup(nodes, 'road');
    const samples = alongLine(road, 1).filter(([x, y]) => Math.hypot(x, y) < 195);
    let under = 0;
    for (const [x, y] of samples) {
      const top = roads.heightAt(x, y);
      assert.ok(top !== undefined, `the road covers its centre line at ${x.toFixed(1)}, ${y.toFixed(1)}`);
      const gap = top - ground.heightAt(x, y)!;
      if (gap < 0) under += 1;
      assert.ok(gap < 0.4, `the road lies on the ground, not above it (${gap.toFixed(2)} m at ${x.toFixed(0)}, ${y.toFixed(0)})`);
    }
    assert.equal(under, 0, `${under} of ${samples.length} centre-line samples under the ground`);
    const park = node(nodes, 'grass')!;
    const { area, hidden } = hiddenArea(park.triangles, ground);
    assert.ok(Math.abs(area - 120 * 70) < 120 * 70 * 0.01, `the park's area is drawn whole: ${area.toFixed(0)} m²`);
    assert.ok(hidden / area < 0.001, `${((100 * hidden) / area).toFixed(2)} % of the park hidden`);
    assert.equal(park.extras.kind, 'grass');
    assert.ok((park.extras.drawOrder as number) < (node(nodes, 'road')!.extras.drawOrder as number), 'roads are stacked above parks');
    assert.equal(node(nodes, 'road')!.primitives[0].extras.roadClass, 'residential');
  });

  test('a bridge carries its road over the road it crosses, on a deck with sides', async () => {
    const map = new HandMadeMap(...CENTRE);
    map.way([[0, -150], [0, 150]], { highway: 'primary' });
    map.way([[-150, 0], [-30, 0]], { highway: 'secondary' });
    map.way([[-30, 0], [30, 0]], { highway: 'secondary', bridge: 'yes', layer: '1' });
    map.way([[30, 0], [150, 0]], { highway: 'secondary' });
    const nodes = await model(map);
    const deck = lookup(nodes, 'bridges');
    const ground = lookup(nodes, 'ground');
    assert.ok(deck.heightAt(0, 0)! - ground.heightAt(0, 0)! >= 4.5, `the deck is ${(deck.heightAt(0, 0)! - ground.heightAt(0, 0)!).toFixed(1)} m above the road it crosses`);
    assert.ok(lookup(nodes, 'road').heightAt(0, 20)! - ground.heightAt(0, 20)! < 0.4, 'the road below stays on the ground');
    assert.ok(Math.abs(deck.heightAt(-29.5, 0)! - ground.heightAt(-29.5, 0)!) < 1, 'the deck meets the road at its ends');
    const bridges = node(nodes, 'bridges')!;
    assert.ok(bridges.primitives.some((p) => p.extras.kind === 'bridge-structure' && p.triangles.length > 0), 'the deck has sides and an underside');
    assert.equal(lookup(nodes, 'road').heightAt(-15, 0), undefined, 'the bridge is not also drawn on the ground');
  });

  test('tunnels and ways below ground are not drawn on the surface', async () => {
    const map = new HandMadeMap(...CENTRE);
    map.way([[-150, -50], [150, -50]], { highway: 'primary', tunnel: 'yes', layer: '-1' });
    map.way([[-150, 50], [150, 50]], { highway: 'service', layer: '-2' });
    map.way([[-150, 0], [150, 0]], { highway: 'residential' });
    const nodes = await model(map);
    const roads = lookup(nodes, 'road');
    for (const y of [-50, 50]) for (const x of [-100, 0, 100]) assert.equal(roads.heightAt(x, y), undefined, `nothing drawn at ${x}, ${y}`);
    assert.ok(roads.heightAt(0, 0) !== undefined, 'the road on the surface is drawn');
  });

  test('rivers and streams mapped as lines are water strips of their width; a stream in a culvert is not drawn', async () => {
    const map = new HandMadeMap(...CENTRE);
    map.way([[-150, -60], [150, -60]], { waterway: 'stream' });
    map.way([[-150, 40], [150, 40]], { waterway: 'river', width: '20' });
    map.way([[-150, 100], [150, 100]], { waterway: 'stream', tunnel: 'culvert' });
    const nodes = await model(map);
    const streams = node(nodes, 'waterway')!;
    assert.equal(streams.extras.surface, 'water');
    const water = lookup(nodes, 'waterway');
    assert.ok(water.heightAt(0, -60) !== undefined && water.heightAt(0, -61) !== undefined, 'the stream is drawn, 2.5 m wide');
    assert.equal(water.heightAt(0, -62), undefined, 'and no wider');
    assert.ok(water.heightAt(0, 49) !== undefined && water.heightAt(0, 52) === undefined, 'the river is as wide as its width tag');
    assert.equal(water.heightAt(0, 100), undefined, 'the culvert is underground');
  });

  test('a lake with an island: the water is drawn around it and the island stays open', async () => {
    const map = new HandMadeMap(...CENTRE);
    map.multipolygon([[[-100, -80], [100, -80], [100, 80], [-100, 80]]], [[[-30, -20], [30, -20], [30, 20], [-30, 20]]], { natural: 'water' });
    const nodes = await model(map);
    const water = node(nodes, 'water')!;
    assert.ok(Math.abs(planAreaOf(water.triangles) - (200 * 160 - 60 * 40)) < 50, `water area ${planAreaOf(water.triangles).toFixed(0)} m²`);
    const lake = lookup(nodes, 'water');
    assert.equal(lake.heightAt(0, 0), undefined, 'the island is not covered');
    assert.ok(lake.heightAt(60, 50) !== undefined, 'the lake is');
  });

  test('a coast: the sea is drawn on the right of the coastline, at sea level, over a seabed; the land is kept, and a kiosk on the water stands at sea level', async () => {
    const map = new HandMadeMap(...CENTRE);
    // Coastline ways run with the land on their left: going north, the land lies west, the sea east.
    map.way([[20, -400], [40, -50]], { natural: 'coastline' });
    map.way([[40, -50], [10, 60], [30, 400]], { natural: 'coastline' });
    const kioskId = map.way([[120, -5], [130, -5], [130, 5], [120, 5]], { building: 'kiosk' }, true);
    // Land at sea level at the centre, rising westwards at 2 %.
    const terrainDir = slopeTile(...CENTRE, -0.02, 0);
    folders.push(terrainDir);
    const nodes = await model(map, terrainDir);
    // The ground falls away under the sea, so it meets the sea's surface at the coastline (at y = 0 the
    // coast runs at x = 26.4 m), and nowhere rises over the sea off the coast.
    const ground = lookup(nodes, 'ground');
    assert.ok(ground.heightAt(60, -100)! < -1.5, `the seabed ${ground.heightAt(60, -100)!.toFixed(2)} m, under the sea`);
    assert.ok(ground.heightAt(28.5, 0)! < 0, `2 m off the coast the ground is under the sea: ${ground.heightAt(28.5, 0)!.toFixed(2)} m`);
    const kiosk = nodes.find((n) => n.extras.osmId === `way/${kioskId}`)!;
    assert.ok(Math.abs(Number(kiosk.extras.base)) < 0.05, `the kiosk on the water stands at sea level, not on the seabed: base ${kiosk.extras.base}`);
    const sea = lookup(nodes, 'sea');
    assert.ok(sea.heightAt(120, 0) !== undefined && sea.heightAt(100, -150) !== undefined, 'the sea side is drawn');
    assert.equal(sea.heightAt(-100, 0), undefined, 'the land side is not');
    const area = planAreaOf(node(nodes, 'sea')!.triangles);
    // The sea reaches the drawn ground's edge, past the model's circle.
    const edge = farthestVertex([node(nodes, 'ground')!]);
    assert.ok(edge > 200 && area > 0.3 * Math.PI * edge ** 2 && area < 0.5 * Math.PI * edge ** 2, `the sea covers the eastern part of the ground (${edge.toFixed(0)} m across): ${area.toFixed(0)} m²`);
    assert.ok(Math.abs(sea.heightAt(120, 0)!) < 0.3, 'at sea level');
    assert.ok(farthestVertex([node(nodes, 'sea')!]) <= edge + 0.05, 'cut at the ground\'s edge (within the GLB\'s quantisation step)');
  });

  test('a coast without terrain data: the ground is drawn level, and a house by the water stands on it', async () => {
    const map = new HandMadeMap(...CENTRE);
    map.way([[40, -400], [40, 400]], { natural: 'coastline' });
    const houseId = map.way([[20, -5], [32, -5], [32, 5], [20, 5]], { building: 'house' }, true);
    const nodes = await model(map);
    const house = nodes.find((n) => n.extras.osmId === `way/${houseId}`)!;
    // The shore's floor (0.5 m over the sea) is for terrain held to the sea; on level ground it lifted houses off it.
    assert.equal(Number(house.extras.base), 0, `the house stands on the level ground: base ${house.extras.base}`);
  });

  test('woods: trees by leaf type, planted in the wood and not in its clearing; every ground feature inside the circle', async () => {
    const map = new HandMadeMap(...CENTRE);
    map.multipolygon([[[-300, -100], [300, -100], [300, 100], [-300, 100]]], [[[-40, -40], [40, -40], [40, 40], [-40, 40]]], { landuse: 'forest', leaf_type: 'needleleaved' });
    map.way([[-500, 150], [500, 150]], { highway: 'residential' });
    const nodes = await model(map);
    const trees = node(nodes, 'trees')!;
    const crowns = (leafType: string) => trees.primitives.filter((p) => p.extras.leafType === leafType).flatMap((p) => p.triangles);
    assert.ok(crowns('needleleaved').length > 100, 'needleleaved crowns are drawn');
    assert.equal(crowns('broadleaved').length, 0, 'and no broadleaved ones');
    const trunksInClearing = trees.primitives.find((p) => p.extras.kind === 'trunk')!.triangles.filter((t) => t.every(([x, y]) => Math.abs(x) < 35 && Math.abs(y) < 35));
    assert.equal(trunksInClearing.length, 0, 'the clearing stays empty');
    const features = nodes.filter((n) => GROUND_FEATURE_SURFACES.has(String(n.extras.surface)));
    assert.ok(features.length >= 2);
    assert.ok(farthestVertex(features) <= 200.05, `every ground feature is cut at the circle: ${farthestVertex(features).toFixed(2)} m`);
  });
});

test('no tree grows through a building: a wood around a house plants none inside it', async () => {
  const map = new HandMadeMap(...CENTRE);
  map.way([[-150, -150], [150, -150], [150, 150], [-150, 150]], { landuse: 'forest' }, true);
  map.way([[40, -20], [80, -20], [80, 20], [40, 20]], { building: 'house' }, true);
  const nodes = await model(map);
  const trunks = node(nodes, 'trees')!.primitives.find((p) => p.extras.kind === 'trunk')!.triangles;
  assert.ok(trunks.length > 100, 'the wood is planted');
  const inHouse = trunks.filter((t) => t.every(([x, y]) => x > 41 && x < 79 && y > -19 && y < 19));
  assert.equal(inHouse.length, 0, 'no trunk stands inside the house');
});

test('trees are kept closest to the centre first, whatever order the woods come in', () => {
  const square = (cx: number, cy: number, half: number) => ({ outer: [[cx - half, cy - half], [cx + half, cy - half], [cx + half, cy + half], [cx - half, cy + half]] as [number, number][], holes: [] });
  const far = { polygon: square(300, 0, 60) };
  const near = { polygon: square(-50, 0, 30) };
  const trees = plantTrees([], [far, near], 10, 1000, 30);
  assert.equal(trees.length, 30);
  assert.ok(trees.every(({ x }) => x < 0), 'the near wood is filled first');
  const mixed = plantTrees([], [{ polygon: square(0, 0, 100), leafType: 'mixed' }], 10, 1000, 1000);
  const needles = mixed.filter((t) => t.shape === 'needleleaved').length;
  assert.ok(needles > mixed.length * 0.3 && needles < mixed.length * 0.7, `a mixed wood has both: ${needles} of ${mixed.length} needleleaved`);
});
