import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import validator from 'gltf-validator';
import { assembleFeatures } from '../../src/modelgen/features/assemble-features.ts';
import type { GroundFeature } from '../../src/modelgen/features/map-features.ts';
import { LocalFrame, type Point2 } from '../../src/modelgen/geometry/local-frame.ts';
import { distanceToSegment, pointInRing } from '../../src/modelgen/geometry/polygon.ts';
import { generateModel, indexExtract } from '../../src/modelgen/index.ts';
import { OsmData } from '../../src/modelgen/osm/osm-elements.ts';
import { readOsmFile } from '../../src/modelgen/osm/read-osm-file.ts';
import { alongLine, farthestVertex, GROUND_FEATURE_SURFACES, HeightLookup, hiddenArea, planAreaOf, readNodes, type ModelNode } from '../helpers/ground-features-measure.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';
import { landUnderSea, openUnderSeaEdge, quantile, rimAtSea, seaHiddenOffshore, SHORE_SAMPLE_INLAND_M, shoreHeights } from '../helpers/shore-measure.ts';
import { GROUND_MARGIN_M } from '../../src/modelgen/terrain/terrain-mesh.ts';
import type { StreetLabel } from '../../src/modelgen/ground/street-labels.ts';

const MONACO = 'osm/monaco-latest.osm.pbf';
const HGT = 'terrain/N43E007.hgt.zip';
const BERLIN = 'osm/berlin-siegessaeule.osm.gz';
const LIECHTENSTEIN = 'osm/liechtenstein-2024-03-04.osm.pbf';
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-ground-real-'));
after(() => fs.rmSync(cacheDir, { recursive: true, force: true }));
/** A terrain folder with Monaco's SRTM tile (the tests that need it skip without it). */
const terrainDir = path.join(cacheDir, 'terrain');
fs.mkdirSync(terrainDir);
if (sharedDataFile(HGT)) fs.copyFileSync(sharedDataFile(HGT)!, path.join(terrainDir, 'N43E007.hgt.zip'));

/** The model (HD unless asked) of a circle from a shared extract, checked by the Khronos validator, read back node by node. */
async function model(latitude: number, longitude: number, radiusKm: number, extract: string, terrainDir?: string, quality: 'hd' | 'sd' = 'hd'): Promise<{ nodes: ModelNode[]; asset: Record<string, unknown> }> {
  await indexExtract(sharedDataFile(extract)!, cacheDir);
  const generated = await generateModel({ latitude, longitude, radiusKm, quality, sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract: sharedDataFile(extract)!, terrainDir, cacheDir } }, () => {});
  const report = await validator.validateBytes(generated.glb);
  assert.equal(report.issues.numErrors, 0, JSON.stringify(report.issues.messages.filter((m: { severity: number }) => m.severity === 0).slice(0, 3)));
  const json = JSON.parse(Buffer.from(generated.glb.slice(20, 20 + Buffer.from(generated.glb).readUInt32LE(12))).toString('utf8')) as { asset: { extras: Record<string, unknown> } };
  return { nodes: await readNodes(generated.glb), asset: json.asset.extras };
}

let monaco: GroundFeature[] | undefined;
/** Monaco's mapped ground features (coast, cliffs, beaches, roads), read from the extract once for the file's tests. */
const monacoGround = () => (monaco ??= assembleFeatures(new OsmData(readOsmFile(sharedDataFile(MONACO)!))).ground);
const features = (nodes: ModelNode[]) => nodes.filter((n) => GROUND_FEATURE_SURFACES.has(String(n.extras.surface)));
const lookup = (nodes: ModelNode[], filter: (n: ModelNode) => boolean) => new HeightLookup(nodes.filter(filter).flatMap((n) => n.triangles), 4);

describe('Monaco 0.3 km with the SRTM tile', { skip: sharedDataFile(MONACO) && sharedDataFile(HGT) ? false : missingSharedData(HGT) }, () => {
  test('parks and water lie on the slopes, roads follow them, the sea is one level surface at sea level', async () => {
    const [latitude, longitude] = [43.7396, 7.4276];
    const { nodes, asset } = await model(latitude, longitude, 0.3, MONACO, terrainDir);
    const ground = new HeightLookup(nodes.find((n) => n.name === 'ground')!.triangles);
    const areas = features(nodes).filter((n) => (n.extras.surface === 'green' || n.extras.surface === 'water') && n.name !== 'sea');
    const { area, hidden } = hiddenArea(areas.flatMap((n) => n.triangles), ground);
    assert.ok(area > 20_000, `parks and water drawn: ${area.toFixed(0)} m²`);
    assert.ok(hidden / area <= 0.1, `${((100 * hidden) / area).toFixed(1)} % of park and water area hidden under the ground`);

    const frame = new LocalFrame(latitude, longitude);
    const ways = monacoGround().filter((g) => (g.kind === 'road' || g.kind === 'path') && !g.bridge && !g.underground);
    const samples = ways.flatMap((w) => alongLine(w.points.map(([lon, lat]) => frame.toLocal(lon, lat)), 2)).filter(([x, y]) => Math.hypot(x, y) < 295);
    const roads = lookup(nodes, (n) => n.extras.surface === 'road');
    const under = samples.filter(([x, y]) => {
      const top = roads.heightAt(x, y);
      return top !== undefined && top < ground.heightAt(x, y)! - 0.01;
    });
    assert.ok(samples.length > 5000);
    assert.equal(under.length, 0, `${under.length} of ${samples.length} road centre-line samples under the ground`);

    const sea = nodes.find((n) => n.name === 'sea');
    assert.ok(sea && planAreaOf(sea.triangles) > 2000, 'the sea east of the Casino is drawn');
    const seaLevel = -(asset.origin as { elevation: number }).elevation;
    // Below it only the strips closing the gap to the seabed's edge at the model's rim.
    const offLevel = sea.triangles.flat().filter((v) => Math.abs(v[2] - seaLevel) > 0.5 && Math.hypot(v[0], v[1]) < 300 + GROUND_MARGIN_M - 0.1);
    assert.equal(offLevel.length, 0, `every vertex of the sea lies at sea level (${seaLevel} m in the model) but at the rim`);
    // One level surface, laid whole: cut along the ground's triangles it was a fifth of the model's triangles.
    assert.ok(sea.triangles.length < 1000, `the sea is laid whole, not cut along the ground: ${sea.triangles.length} triangles`);
    const seaUnder = hiddenArea(sea.triangles, ground);
    assert.ok(seaUnder.hidden / seaUnder.area < 0.1, `the ground covers ${((100 * seaUnder.hidden) / seaUnder.area).toFixed(1)} % of the sea (only where its triangles span the coast)`);
    // The waterline follows the coast: a metre out to sea, the ground lies under the water (12 % of the coast's samples covered with the ground level with the sea).
    const coasts = monacoGround().filter((g) => g.kind === 'coastline').map((g) => g.points.map(([lon, lat]) => frame.toLocal(lon, lat)));
    const offshore = seaHiddenOffshore(ground, new HeightLookup(sea.triangles), coasts, 1, 290);
    assert.ok(offshore.samples > 300 && offshore.hidden / offshore.samples < 0.05, `the ground rises over the sea 1 m off the coast at ${offshore.hidden} of ${offshore.samples} points`);
    assert.ok(farthestVertex(features(nodes).filter((n) => n.name !== 'sea')) <= 300.1, 'every ground feature but the sea inside the circle');
    // The sea reaches the drawn ground's round edge: no ring of land around it at the model's rim.
    const groundEdge = 300 + GROUND_MARGIN_M;
    assert.ok(Math.abs(farthestVertex([sea]) - groundEdge) < 1.5, `the sea reaches the ground's edge: ${farthestVertex([sea]).toFixed(1)} m against ${groundEdge.toFixed(1)} m`);
    // Buildings across the circle stand on ground: the ground reaches under every wall's foot.
    const drawn = new HeightLookup(nodes.find((n) => n.name === 'ground')!.triangles);
    const feet = nodes.filter((n) => n.extras.osmId !== undefined).flatMap((n) => n.primitives.filter((p) => p.extras.surface === 'walls').flatMap((p) => p.triangles.flat()));
    const off = feet.filter(([x, y]) => Math.hypot(x, y) > groundEdge && drawn.heightAt(x * 0.999, y * 0.999) === undefined);
    assert.ok(feet.some(([x, y]) => Math.hypot(x, y) > groundEdge + 20), 'buildings reach more than 20 m beyond the round edge here');
    assert.equal(off.length, 0, `${off.length} building vertices beyond the round edge with no ground under them`);
  });
});

describe('Fontvieille 0.3 km with the SRTM tile: a harbour under the Rock of Monaco', { skip: sharedDataFile(MONACO) && sharedDataFile(HGT) ? false : missingSharedData(HGT) }, () => {
  test('quays and beaches meet the water low, the mapped cliffs keep their height, the ground\'s rim at sea lies at sea level', async () => {
    const [latitude, longitude] = [43.73, 7.418];
    const { nodes, asset } = await model(latitude, longitude, 0.3, MONACO, terrainDir);
    const seaLevel = -(asset.origin as { elevation: number }).elevation;
    const ground = new HeightLookup(nodes.find((n) => n.name === 'ground')!.triangles);
    const frame = new LocalFrame(latitude, longitude);
    const mapped = monacoGround();
    const local = (kind: string) => mapped.filter((g) => g.kind === kind).map((g) => g.points.map(([lon, lat]) => frame.toLocal(lon, lat)));
    const { away, along } = shoreHeights(ground, seaLevel, local('coastline'), local('cliff'), 290);
    // SRTM's 90 m cells put Fontvieille's quays 5–9 m over the water on a wall; a quay stands 1–3 m high.
    assert.ok(away.length > 100 && along.length > 30, `${away.length} shore samples away from cliffs, ${along.length} along them`);
    assert.ok(quantile(away, 1) <= 3, `the shore ${SHORE_SAMPLE_INLAND_M} m inland stands at most ${quantile(away, 1).toFixed(1)} m over the sea away from cliffs (median ${quantile(away, 0.5).toFixed(1)} m)`);
    assert.ok(quantile(along, 0.5) > 15, `the Rock's cliff stands ${quantile(along, 0.5).toFixed(1)} m over the sea (median)`);
    // Where the ground's round edge runs through the sea, it lies at sea level: no spikes at the rim.
    const sea = new HeightLookup(nodes.find((n) => n.name === 'sea')!.triangles);
    const rim = rimAtSea(nodes.find((n) => n.name === 'ground')!.triangles, sea, local('coastline'), 300 + GROUND_MARGIN_M);
    const raised = rim.filter((v) => v[2] - seaLevel > 3);
    // The waterline along the quays follows the coast (31 % of the samples a metre out covered with the ground level with the sea).
    const offshore = seaHiddenOffshore(ground, sea, local('coastline'), 1, 290);
    assert.ok(offshore.samples > 300 && offshore.hidden / offshore.samples < 0.15, `the ground rises over the sea 1 m off the coast at ${offshore.hidden} of ${offshore.samples} points`);
    // A small model on the Rock, whose only coast away from cliffs lies just past its square: valid, its ground where the data has it.
    const rock = await model(43.73085, 7.41951, 0.05, MONACO, terrainDir);
    const rockGround = rock.nodes.find((n) => n.name === 'ground')!.triangles.flat();
    assert.ok(rockGround.every((v) => Number.isFinite(v[2])) && Math.max(...rockGround.map((v) => v[2])) - Math.min(...rockGround.map((v) => v[2])) > 1, 'the Rock’s ground keeps its relief');
    assert.ok(rim.length > 10, `${rim.length} rim vertices at sea`);
    assert.equal(raised.length, 0, `${raised.length} of ${rim.length} rim vertices at sea stand over 3 m above it`);
    // Where the seabed's edge lies under the sea's at the model's rim, a strip of water closes the gap (0.62 m open before).
    const open = openUnderSeaEdge(nodes.find((n) => n.name === 'ground')!.triangles, nodes.find((n) => n.name === 'sea')!.triangles, 300 + GROUND_MARGIN_M);
    assert.ok(open < 0.05, `${open.toFixed(2)} m open under the sea's edge at the rim`);
  });
});

test('Monaco-Ville 0.3 km: houses standing on their lanes show their numbers upright on the walls facing them, over the ground', { skip: sharedDataFile(MONACO) && sharedDataFile(HGT) ? false : missingSharedData(HGT) }, async () => {
  const { nodes, asset } = await model(43.731, 7.42, 0.3, MONACO, terrainDir);
  const numbers = asset.houseNumbers as StreetLabel[];
  const upright = numbers.filter((label) => label.upright);
  // Monaco-Ville's lanes leave no room before the houses: 21 of the 32 numbers in this model were written before.
  assert.ok(upright.length >= 8 && numbers.length >= 28, `${upright.length} of ${numbers.length} numbers upright`);
  const buildings = lookup(nodes, (n) => /^(way|relation)\//.test(n.name));
  const ground = lookup(nodes, (n) => n.name === 'ground');
  for (const { name, path: flat, size } of upright) {
    const [east0, , south0] = flat;
    const [east1, up, south1] = flat.slice(-3);
    const length = Math.hypot(east1 - east0, south1 - south0);
    // The wall is to the left of the path seen from above (east, north): behind the number, a building; before it, open ground under the letters.
    const [middleEast, middleNorth] = [(east0 + east1) / 2, -(south0 + south1) / 2];
    const left = [(south1 - south0) / length, (east1 - east0) / length];
    const behind = buildings.heightAt(middleEast + left[0] * 0.4, middleNorth + left[1] * 0.4);
    assert.ok(behind !== undefined, `no. ${name} stands before a building's wall: ${flat}`);
    const foot = ground.heightAt(middleEast - left[0] * 0.5, middleNorth - left[1] * 0.5);
    assert.ok(foot === undefined || up - size / 2 >= foot + 1, `no. ${name}'s letters clear the ground: ${up} m, the ground ${foot} m`);
  }
});

test('Port Hercule SD 0.3 km: the piers stand over the water, the sea meets the coast', { skip: sharedDataFile(MONACO) && sharedDataFile(HGT) ? false : missingSharedData(HGT) }, async () => {
  const [latitude, longitude] = [43.7345, 7.4235];
  const { nodes, asset } = await model(latitude, longitude, 0.3, MONACO, terrainDir, 'sd');
  const frame = new LocalFrame(latitude, longitude);
  const coasts = monacoGround().filter((g) => g.kind === 'coastline').map((g) => g.points.map(([lon, lat]) => frame.toLocal(lon, lat)));
  const ground = new HeightLookup(nodes.find((n) => n.name === 'ground')!.triangles);
  const sea = new HeightLookup(nodes.find((n) => n.name === 'sea')!.triangles);
  // SD's coarse ground spanned the coast from the seabed up over the piers: 26 % of the points a metre inland lay over 0.5 m under the water.
  const land = landUnderSea(ground, sea, -(asset.origin as { elevation: number }).elevation, coasts, 1, 290);
  assert.ok(land.samples > 300 && land.under / land.samples < 0.02, `${land.under} of ${land.samples} points a metre inland over 0.5 m under the sea`);
  // Held level with the sea, the ground covered 66 % of the sea a metre out.
  const offshore = seaHiddenOffshore(ground, sea, coasts, 1, 290);
  assert.ok(offshore.hidden / offshore.samples < 0.1, `the ground rises over the sea 1 m off the coast at ${offshore.hidden} of ${offshore.samples} points`);
  const open = openUnderSeaEdge(nodes.find((n) => n.name === 'ground')!.triangles, nodes.find((n) => n.name === 'sea')!.triangles, 300 + GROUND_MARGIN_M);
  assert.ok(open < 0.05, `${open.toFixed(2)} m open under the sea's edge at the rim`);
});

test('Larvotto 0.3 km: the beach slopes into the water, lower than a quay', { skip: sharedDataFile(MONACO) && sharedDataFile(HGT) ? false : missingSharedData(HGT) }, async () => {
  const [latitude, longitude] = [43.745, 7.433];
  const { nodes, asset } = await model(latitude, longitude, 0.3, MONACO, terrainDir);
  const frame = new LocalFrame(latitude, longitude);
  const mapped = monacoGround();
  const local = (kind: string) => mapped.filter((g) => g.kind === kind).map((g) => g.points.map(([lon, lat]) => frame.toLocal(lon, lat)));
  const ground = new HeightLookup(nodes.find((n) => n.name === 'ground')!.triangles);
  const { away, beach } = shoreHeights(ground, -(asset.origin as { elevation: number }).elevation, local('coastline'), local('cliff'), 290, local('beach'));
  assert.ok(beach.length > 30 && away.length > beach.length, `${beach.length} samples on the beach, ${away.length} along the shore`);
  // A quay stands 1.9 m over the sea 4 m inland; the beach under 1.2 m.
  assert.ok(quantile(beach, 1) < 1.2, `the beach stands at most ${quantile(beach, 1).toFixed(2)} m over the sea ${SHORE_SAMPLE_INLAND_M} m inland (median ${quantile(beach, 0.5).toFixed(2)})`);
});

test('Berlin 0.3 km: every ground-feature vertex lies within the radius', { skip: sharedDataFile(BERLIN) ? false : missingSharedData(BERLIN) }, async () => {
  const { nodes } = await model(52.5145, 13.3501, 0.3, BERLIN);
  const drawn = features(nodes);
  assert.ok(drawn.some((n) => n.name === 'wood') && drawn.some((n) => n.name === 'road'), `drawn: ${drawn.map((n) => n.name)}`);
  const far = farthestVertex(drawn);
  assert.ok(far <= 300.1, `the farthest ground-feature vertex is ${far.toFixed(2)} m from the centre`);
});

test('Vaduz 1 km: water and wood multipolygons are drawn with their holes open', { skip: sharedDataFile(LIECHTENSTEIN) ? false : missingSharedData(LIECHTENSTEIN) }, async () => {
  const [latitude, longitude, radius] = [47.141, 9.5209, 1000];
  const { nodes } = await model(latitude, longitude, radius / 1000, LIECHTENSTEIN);
  const frame = new LocalFrame(latitude, longitude);
  const relations = assembleFeatures(new OsmData(readOsmFile(sharedDataFile(LIECHTENSTEIN)!))).ground.filter((g) => g.osmId.startsWith('relation/') && (g.kind === 'water' || g.kind === 'wood'));
  const checked = new Set<string>();
  for (const relation of relations) {
    const outer = relation.points.map(([lon, lat]) => frame.toLocal(lon, lat));
    const inners = (relation.inners ?? []).map((ring) => ring.map(([lon, lat]) => frame.toLocal(lon, lat)));
    const { inside, holes } = gridPoints(outer, inners, radius - 5);
    if (inside.length < 5) continue;
    const drawn = lookup(nodes, (n) => n.name === relation.kind);
    const covered = inside.filter(([x, y]) => drawn.heightAt(x, y) !== undefined).length;
    assert.ok(covered >= inside.length * 0.98, `${relation.osmId} (${relation.kind}): ${covered} of ${inside.length} points inside drawn`);
    if (relation.kind === 'water') {
      const open = holes.filter(([x, y]) => drawn.heightAt(x, y) === undefined).length;
      assert.equal(open, holes.length, `${relation.osmId}: its islands stay open`);
    }
    checked.add(`${relation.kind}${holes.length ? ' with holes' : ''}`);
  }
  assert.ok(checked.has('water with holes') && checked.has('wood with holes') && checked.has('water'), `relations checked: ${[...checked]}`);
  const trees = nodes.find((n) => n.name === 'trees')!;
  assert.equal(trees.extras.count, 5000, 'the trees fill the cap');
  const trunks = trees.primitives.find((p) => p.extras.kind === 'trunk')!.triangles;
  const farthestTree = Math.max(...trunks.map((t) => Math.hypot(t[0][0], t[0][1])));
  assert.ok(farthestTree < radius * 0.9, `trees closest first: the farthest stands ${farthestTree.toFixed(0)} m from the centre`);
});

/** Grid points (every 5 m) inside a polygon and outside its holes, and inside its holes, away from every edge and inside the circle. */
function gridPoints(outer: Point2[], inners: Point2[][], radius: number): { inside: Point2[]; holes: Point2[] } {
  const inside: Point2[] = [];
  const holes: Point2[] = [];
  const xs = outer.map(([x]) => x);
  const ys = outer.map(([, y]) => y);
  const near = (p: Point2) => [outer, ...inners].some((ring) => ring.some((a, i) => distanceToSegment(p, a, ring[(i + 1) % ring.length]) < 2));
  for (let x = Math.max(-radius, Math.ceil(Math.min(...xs) / 5) * 5); x <= Math.min(radius, Math.max(...xs)); x += 5) {
    for (let y = Math.max(-radius, Math.ceil(Math.min(...ys) / 5) * 5); y <= Math.min(radius, Math.max(...ys)); y += 5) {
      const p: Point2 = [x, y];
      if (Math.hypot(x, y) > radius || !pointInRing(p, outer) || near(p)) continue;
      (inners.some((ring) => pointInRing(p, ring)) ? holes : inside).push(p);
    }
  }
  return { inside, holes };
}
