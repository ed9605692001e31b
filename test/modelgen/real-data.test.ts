import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import validator from 'gltf-validator';
import { MeshoptDecoder } from 'meshoptimizer';
import { pointInRing, signedArea } from '../../src/modelgen/geometry/polygon.ts';
import { layoutRoof } from '../../src/solar-design/roof-layout.ts';
import type { Footprint } from '../../src/modelgen/geometry/roofs/roof-types.ts';
import { generateModel, type GeneratedModel, indexExtract } from '../../src/modelgen/index.ts';
import { readBuildingTable } from '../helpers/building-parts.ts';
import { HeightLookup, hiddenArea, planAreaOf, readNodes } from '../helpers/ground-features-measure.ts';
import { readModel, readPrimitives } from '../helpers/read-model.ts';
import { missingSharedData, SHARED_DATA_DIR } from '../helpers/shared-data.ts';
import { OverpassStandIn } from '../stand-ins/overpass-stand-in.ts';

const shared = (relative: string) => path.join(SHARED_DATA_DIR, relative);
const available = fs.existsSync(SHARED_DATA_DIR);
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-modelgen-'));

async function generate(latitude: number, longitude: number, radiusKm: number, quality: 'hd' | 'sd', extract: string, terrainDir?: string): Promise<GeneratedModel> {
  await indexExtract(shared(extract), cacheDir);
  return generateModel({ latitude, longitude, radiusKm, quality, sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract: shared(extract), terrainDir, cacheDir } }, () => {});
}

/** Validates with the Khronos validator (zero errors) and reads the document and its building table back. */
async function check(model: GeneratedModel) {
  const report = await validator.validateBytes(model.glb);
  assert.equal(report.issues.numErrors, 0, JSON.stringify(report.issues.messages.filter((m) => m.severity === 0).slice(0, 3)));
  await MeshoptDecoder.ready;
  const document = await new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'meshopt.decoder': MeshoptDecoder }).readBinary(model.glb);
  const asset = document.getRoot().getAsset() as { extras?: Record<string, unknown> };
  const buildings = readBuildingTable(model.glb).filter((b) => /^(way|relation)\//.test(b.name));
  const extras = buildings.map((b) => b.extras as { roofShape: string; height: number; part: boolean; osmId: string; guessed: string[] });
  const segments = buildings.flatMap((b) => b.roofSegments);
  return { asset: asset.extras!, buildings, extras, segments };
}

after(() => fs.rmSync(cacheDir, { recursive: true, force: true }));

describe('models from real OpenStreetMap data', { skip: available ? false : missingSharedData('') }, () => {
  test('Monaco 0.3 km with SRTM terrain, HD and SD: valid glTF, metadata, seated buildings', async () => {
    const terrainDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-terrain-'));
    fs.copyFileSync(shared('terrain/N43E007.hgt.zip'), path.join(terrainDir, 'N43E007.hgt.zip'));
    try {
      const hdModel = await generate(43.7396, 7.4276, 0.3, 'hd', 'osm/monaco-latest.osm.pbf', terrainDir);
      const hd = await check(hdModel);
      assert.ok(hd.buildings.length >= 85, `${hd.buildings.length} buildings`);
      const origin = hd.asset.origin as { latitude: number; longitude: number; elevation: number };
      assert.deepEqual([origin.latitude, origin.longitude], [43.7396, 7.4276]);
      assert.ok(Math.abs(origin.elevation - 45) < 8, `the Casino stands at about 45 m (SRTM), got ${origin.elevation}`);
      assert.equal(hd.asset.quality, 'hd');
      assert.equal(hd.asset.attribution, '© OpenStreetMap contributors (ODbL 1.0)');
      assert.match(String((hd.asset.sources as Record<string, string>).terrain), /SRTM/);
      assert.ok(typeof hd.asset.generatedAt === 'string');
      assert.ok(hd.extras.every((e) => e.osmId && typeof e.height === 'number' && Array.isArray(e.guessed)));
      assert.ok(hd.segments.length >= hd.buildings.length, 'every building has roof segments');
      // A roof around courtyards (relation/2093796: 9,585 m² of roof in an 11,657 m² outline) names its
      // openings, and the panel layout keeps every panel off them: none over open air.
      const courtyards = hd.buildings.find((b) => b.name === 'relation/2093796')!;
      const holed = courtyards.roofSegments.find((segment) => (segment.holes ?? []).length > 0)!;
      assert.ok(holed, 'the courtyards are openings of the roof face');
      const racks = layoutRoof([holed], 43.74);
      assert.ok(racks.length > 1000, `${racks.length} racks on the roof`);
      const openings = holed.holes!.map((hole) => hole.map(([x, , z]) => [x, z] as [number, number]));
      const overOpening = racks.filter((rack) => openings.some((hole) => pointInRing([rack.centre[0], rack.centre[2]], hole)));
      assert.equal(overOpening.length, 0, `${overOpening.length} racks over a courtyard`);
      const sdModel = await generate(43.7396, 7.4276, 0.3, 'sd', 'osm/monaco-latest.osm.pbf', terrainDir);
      const sd = await check(sdModel);
      assert.equal(sd.buildings.length, hd.buildings.length);
      // SD draws the roofs HD draws (mapped, inferred), without textures: a visitor recognises the same houses.
      const hdRoofs = new Map(hd.extras.map((e) => [e.osmId, e.roofShape]));
      assert.deepEqual(sd.extras.filter((e) => e.roofShape !== hdRoofs.get(e.osmId)), [], 'SD draws the roofs HD draws');
      assert.ok(sd.extras.some((e) => e.roofShape !== 'flat'), 'pitched roofs among them');
      // SD draws the streets a visitor finds their way by (roads, pedestrian streets, their names), not the
      // areas, paths and trees; on Monaco's slopes the roads cut along the ground's triangles double SD's bytes.
      assert.ok(sdModel.glb.length < hdModel.glb.length / 2, `SD stays light: ${sdModel.glb.length} bytes against HD's ${hdModel.glb.length}`);
      const sdNodeNames = new Set((await readNodes(sdModel.glb)).filter((n) => n.triangles.length > 0).map((n) => n.name));
      assert.ok(sdNodeNames.has('road'), 'SD draws the roads');
      assert.deepEqual(['grass', 'wood', 'trees'].filter((name) => sdNodeNames.has(name)), [], 'SD draws no green areas or trees');
      assert.ok(sdNodeNames.has('water'), 'SD draws the water (the Casino gardens\' ponds)');
      const sdLabels = (sd.asset.streetLabels as { name: string; path: number[] }[] | undefined) ?? [];
      assert.ok(sdLabels.length > 5, 'SD names the streets');
      // Every name lies on a street SD draws (glTF x east, z south): none on the stairs and paths it leaves out.
      const sdRoads = new HeightLookup((await readNodes(sdModel.glb)).filter((n) => n.name === 'road' || n.name === 'path').flatMap((n) => n.triangles), 4);
      const offRoad = sdLabels.filter((label) => sdRoads.heightAt(label.path[0], -label.path[2]) === undefined).map((label) => label.name);
      assert.deepEqual(offRoad, [], 'SD street names with no drawn street under them');
      // The sea east of the Casino is drawn in SD too (a coast without it reads as a meadow), level at sea
      // level, untextured, with the ground held under it.
      const seaLevel = -(sd.asset.origin as { elevation: number }).elevation;
      const sdNodes = await readNodes(sdModel.glb);
      const sea = sdNodes.find((n) => n.name === 'sea');
      assert.ok(sea && planAreaOf(sea.triangles) > 2000, 'SD draws the sea');
      assert.equal(sea.triangles.flat().filter((v) => Math.abs(v[2] - seaLevel) > 0.5 && Math.hypot(v[0], v[1]) < 319.9).length, 0, 'at sea level, but for the strips closing it at the rim');
      const seaUnder = hiddenArea(sea.triangles, new HeightLookup(sdNodes.find((n) => n.name === 'ground')!.triangles));
      // SD's coarser ground (1.5 m error bound) spans the coast in wider triangles than HD's; the seabed under the sea keeps them off it.
      assert.ok(seaUnder.hidden / seaUnder.area < 0.05, `the SD ground covers ${((100 * seaUnder.hidden) / seaUnder.area).toFixed(1)} % of the sea`);
      assert.ok((await readPrimitives(sdModel.glb)).every((p) => !p.material.texture), 'SD has no textures');
    } finally {
      fs.rmSync(terrainDir, { recursive: true, force: true });
    }
  });

  test('a model at either pole (latitudes ±90 are valid) is refused at once as outside the extract, instead of reading cells without end', { timeout: 60_000 }, async () => {
    for (const [latitude, longitude] of [[90, 0], [-90, -180]]) {
      const started = Date.now();
      await assert.rejects(generate(latitude, longitude, 0.3, 'hd', 'osm/liechtenstein-2024-03-04.osm.pbf'), /outside the map data the service holds \(the OpenStreetMap extract liechtenstein-2024-03-04\.osm\.pbf: it covers 9\.\d\d° E to 9\.\d\d° E, 4\d\.\d\d° N to 4\d\.\d\d° N\)/);
      assert.ok(Date.now() - started < 30_000, `answered in ${Date.now() - started} ms`);
    }
  });

  test('Vaduz, Liechtenstein: tagged flat, gabled and other roofs, none falling back; every roof covers its outline once, as drawn', async () => {
    const model = await generate(47.141, 9.5209, 0.5, 'hd', 'osm/liechtenstein-2024-03-04.osm.pbf');
    const result = await check(model);
    assert.equal(model.summary.roofFallbacks, 0);
    const shapes = new Set(result.extras.map((e) => e.roofShape));
    for (const shape of ['flat', 'gabled']) assert.ok(shapes.has(shape), `has ${shape} roofs: ${[...shapes]}`);
    assert.ok(shapes.size >= 3, `several roof shapes: ${[...shapes]}`);
    assert.ok(result.segments.some((s) => s.pitch > 20 && s.pitch < 60), 'pitched faces have realistic pitches');
    // The roof's triangles seen from above cover the outline once — L- and U-shaped outlines and courtyards
    // included (way/490904781, a U whose ridge splits its arms, had 2 m² of roof over its yard) — and no face is a sliver.
    const { buildings } = await readModel(model.glb);
    const planArea = (triangles: [number, number, number][][]) => triangles.reduce((sum, [p, q, r]) => sum + Math.abs((q[0] - p[0]) * (r[2] - p[2]) - (q[2] - p[2]) * (r[0] - p[0])) / 2, 0);
    const pitched = buildings.filter((b) => b.extras.roofShape !== 'flat' && b.extras.footprint);
    assert.ok(pitched.length > 250, `${pitched.length} pitched roofs`);
    for (const building of pitched) {
      const { outer, inners } = building.extras.footprint as Footprint;
      const area = Math.abs(signedArea(outer)) - inners.reduce((sum, ring) => sum + Math.abs(signedArea(ring)), 0);
      const plan = planArea(building.roofTriangles);
      // The GLB's positions are quantised and the outline is stored to the centimetre: a centimetre along the walls.
      const perimeter = [outer, ...inners].reduce((sum, ring) => sum + ring.reduce((length, p, i) => length + Math.hypot(ring[(i + 1) % ring.length][0] - p[0], ring[(i + 1) % ring.length][1] - p[1]), 0), 0);
      assert.ok(Math.abs(plan - area) < 0.01 * perimeter + 0.05, `${building.name} (${building.extras.roofShape}): roof over ${plan.toFixed(2)} m² of a ${area.toFixed(2)} m² outline`);
      assert.ok(building.segments.every((segment) => segment.area > 0.05), `${building.name}: a roof face of ${Math.min(...building.segments.map((segment) => segment.area))} m²`);
    }
  });

  test('Sergiev Posad Lavra: domes, onions and pyramids on stacked parts', async () => {
    const result = await check(await generate(56.3108, 38.1305, 0.15, 'hd', 'osm/sergiev-posad-lavra.osm.gz'));
    const shapes = new Set(result.extras.map((e) => e.roofShape));
    for (const shape of ['onion', 'dome', 'pyramidal']) assert.ok(shapes.has(shape), `has ${shape}: ${[...shapes]}`);
    assert.ok(result.extras.some((e) => e.part), 'building parts are drawn');
  });

  test('St Paul’s Cathedral (OSM API JSON): the outline is hidden behind its 112 parts, up to 111 m', async () => {
    const result = await check(await generate(51.5138, -0.0984, 0.1, 'hd', 'osm/london-st-pauls-cathedral.osm.json.gz'));
    const parts = result.extras.filter((e) => e.part);
    assert.ok(parts.length >= 100, `${parts.length} parts`);
    assert.ok(Math.max(...parts.map((e) => e.height)) >= 110);
    assert.ok(!result.extras.some((e) => !e.part && /relation|way/.test(e.osmId) && e.height > 100), 'the outline itself is not drawn over its parts');
    // Every part names the building it is part of, so the viewer outlines the cathedral whole.
    const outlines = new Set(parts.map((e) => (e as unknown as { partOf?: string }).partOf));
    assert.deepEqual([...outlines], ['way/369161987'], 'the parts name the cathedral’s outline');
  });

  test('Helsinki centre: courtyard multipolygons stay open', async () => {
    const result = await check(await generate(60.1699, 24.9441, 0.3, 'hd', 'osm/helsinki-centre-2019.osm.pbf'));
    const relations = result.buildings.filter((n) => n.name.startsWith('relation/'));
    assert.ok(relations.length >= 10, `${relations.length} multipolygon buildings`);
  });

  describe('through a local Overpass stand-in (recorded San Francisco answer)', () => {
    let overpass: OverpassStandIn;
    before(async () => {
      overpass = await OverpassStandIn.start(shared('overpass/sf-inner-sunset-buildings-2017-10-20.json.gz'));
    });
    after(async () => overpass.close());

    test('one query for the circle; 504 and 429 are retried; the model is valid', async () => {
      overpass.failNext = [504, 429];
      const model = await generateModel(
        { latitude: 37.7637, longitude: -122.463, radiusKm: 0.2, quality: 'hd', sources: { overpassUrl: overpass.url, cacheDir } },
        () => {},
      );
      assert.equal(overpass.queries.length, 3);
      assert.match(overpass.queries[0], /around:200,37\.7637,-122\.463/);
      assert.match(overpass.queries[0], /node\["addr:housenumber"\]\(around:200,/, 'address points are asked for, as the extract and PostGIS read them');
      const result = await check(model);
      assert.ok(result.buildings.length >= 100, `${result.buildings.length} buildings`);
      assert.match(String((result.asset.sources as Record<string, string>).osm), /Overpass/);
    });

    test('an Overpass that keeps failing fails the generation with a readable reason', async () => {
      overpass.failNext = [500];
      await assert.rejects(
        generateModel({ latitude: 37.7637, longitude: -122.463, radiusKm: 0.2, quality: 'sd', sources: { overpassUrl: overpass.url, cacheDir } }, () => {}),
        /Overpass API answered HTTP 500/,
      );
    });
  });
});

describe('stacked parts and roof angles from real data', { skip: available ? false : missingSharedData('') }, () => {
  test('Berlin Victory Column: parts stacked on min_height, up to the top of the column at 58.6 m', async () => {
    const result = await check(await generate(52.5145, 13.3501, 0.1, 'hd', 'osm/berlin-siegessaeule.osm.gz'));
    const raised = result.extras.filter((e) => e.part && (e as unknown as { minHeight: number }).minHeight > 0);
    assert.ok(raised.length >= 50, `${raised.length} parts start above the ground`);
    assert.ok(Math.abs(Math.max(...result.extras.map((e) => e.height)) - 58.59) < 0.01, 'the highest part is tagged 58.59 m');
    // The main pedestal is mapped on the outline (1.8 to 9.2 m), the steps below it and the colonnade and
    // column above it as parts: the outline is drawn as the slice between them, so the monument does not float.
    const pedestal = result.extras.find((e) => e.osmId === 'way/56226088') as unknown as { height: number; minHeight: number } | undefined;
    assert.ok(pedestal, 'the pedestal is drawn');
    assert.deepEqual([pedestal.minHeight, pedestal.height], [1.8, 9.2]);
    const lowestPart = Math.min(...result.extras.filter((e) => e.part).map((e) => (e as unknown as { minHeight: number }).minHeight));
    assert.ok(lowestPart <= pedestal.height + 0.01, `the parts start on it: ${lowestPart} m`);
  });

  test('Helsinki: storeys mapped on an outline carry the parts above them (building:levels, no height); a building mapped as a way and as its multipolygon is drawn once; a cathedral keeps the arms its parts leave uncovered', async () => {
    const result = await check(await generate(60.1704, 24.9522, 0.3, 'hd', 'osm/helsinki-centre-2019.osm.pbf'));
    type Drawn = { osmId: string; height: number; minHeight: number; roofShape: string };
    const drawn = (id: string) => result.extras.find((e) => e.osmId === id) as unknown as Drawn | undefined;
    // way/33103439: building:levels=2 under the part way/17430871 (building:min_level=2, building:levels=7).
    const storeys = drawn('way/33103439');
    assert.ok(storeys, 'the two storeys under the part are drawn');
    assert.deepEqual([storeys.minHeight, storeys.height, storeys.roofShape], [0, 6, 'flat']);
    assert.equal(drawn('way/17430871')?.minHeight, 6, 'the part starts on them');
    // way/122595213 (building=yes) is the outer ring of relation/1688819 (building=university, a courtyard): drawn once, as the relation.
    assert.ok(drawn('relation/1688819'));
    assert.equal(drawn('way/122595213'), undefined, 'the way that is the relation\'s outline is not drawn again');
    // Helsinki Cathedral (way/419479428, height=13, hipped): its parts are the drum, domes and corner towers;
    // the four arms they leave uncovered are drawn from the outline, at its height.
    const arms = result.buildings.filter((b) => b.name === 'way/419479428' || b.name.startsWith('way/419479428#rest'));
    assert.equal(arms.length, 4, 'four arms');
    for (const arm of arms) assert.deepEqual([arm.extras.height, arm.extras.roofShape], [13, 'hipped']);
    // Its arms and parts are one building: each piece but the first arm names the outline.
    const pieces = result.buildings.filter((b) => b.name === 'way/419479428' || b.extras.partOf === 'way/419479428');
    assert.equal(pieces.filter((b) => b.extras.part).length, 13, 'the thirteen parts name the cathedral');
    assert.deepEqual(arms.map((arm) => arm.extras.partOf), [undefined, 'way/419479428', 'way/419479428', 'way/419479428'], 'the arms drawn as rests name their outline');
  });

  test('Moscow: pitched roofs tagged with roof:angle are drawn at that angle (rectangular footprints)', async () => {
    const { readOsmFile } = await import('../../src/modelgen/osm/read-osm-file.ts');
    const { OsmData } = await import('../../src/modelgen/osm/osm-elements.ts');
    const { assembleFeatures } = await import('../../src/modelgen/features/assemble-features.ts');
    const { LocalFrame } = await import('../../src/modelgen/geometry/local-frame.ts');
    const { buildingHeights } = await import('../../src/modelgen/geometry/building-heights.ts');
    const { buildBuildingMesh } = await import('../../src/modelgen/geometry/building-mesh.ts');
    const { cleanRing, oriented } = await import('../../src/modelgen/geometry/polygon.ts');
    const { minimumBoundingRectangle } = await import('../../src/modelgen/geometry/roofs/roof-outline.ts');
    const { initSkeleton } = await import('../../src/modelgen/geometry/roofs/skeleton-roof.ts');
    await initSkeleton();
    const features = assembleFeatures(new OsmData(readOsmFile(shared('osm/moscow-danilovsky.osm.gz'))));
    const frame = new LocalFrame(55.7175, 37.621);
    let checked = 0;
    for (const building of features.buildings) {
      const angle = Number(building.tags['roof:angle']);
      if (!(angle > 0) || building.tags['roof:height'] || !['hipped', 'gabled'].includes(building.tags['roof:shape'])) continue;
      const outer = oriented(cleanRing(building.outer.map(([lon, lat]) => frame.toLocal(lon, lat))), true);
      if (outer.length !== 4) continue;
      const heights = buildingHeights(building.tags, minimumBoundingRectangle(outer).width);
      const mesh = buildBuildingMesh({ outer, inners: [] }, heights, 0, building.tags);
      const pitches = mesh.roofFaces.flatMap((f) => f.segments).map((s) => s.pitch);
      const longest = Math.max(...pitches);
      assert.ok(Math.abs(longest - angle) < 1.5, `${building.osmId}: roof:angle ${angle}, drawn ${longest.toFixed(1)}`);
      checked += 1;
    }
    assert.ok(checked >= 10, `${checked} rectangular buildings with roof:angle checked`);
  });
});
