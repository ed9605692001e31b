import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { assembleFeatures } from '../../src/modelgen/features/assemble-features.ts';
import { buildingHeights } from '../../src/modelgen/geometry/building-heights.ts';
import { buildBuildingMesh } from '../../src/modelgen/geometry/building-mesh.ts';
import { LocalFrame, type Point2 } from '../../src/modelgen/geometry/local-frame.ts';
import { cleanRing, oriented } from '../../src/modelgen/geometry/polygon.ts';
import { minimumBoundingRectangle } from '../../src/modelgen/geometry/roofs/roof-outline.ts';
import { initSkeleton } from '../../src/modelgen/geometry/roofs/skeleton-roof.ts';
import { OsmData } from '../../src/modelgen/osm/osm-elements.ts';
import { readOsmFile } from '../../src/modelgen/osm/read-osm-file.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';

const EXTRACT = 'osm/liechtenstein-2024-03-04.osm.pbf';
const extract = sharedDataFile(EXTRACT);

before(async () => initSkeleton());

test('pyramidal roofs on non-convex outlines use the straight skeleton', () => {
  const l: Point2[] = [[0, 0], [20, 0], [20, 8], [8, 8], [8, 20], [0, 20]];
  const mesh = buildBuildingMesh({ outer: l, inners: [] }, buildingHeights({ building: 'yes', height: '10', 'roof:shape': 'pyramidal', 'roof:height': '3' }, 8), 0, {});
  assert.equal(mesh.roofShape, 'pyramidal');
  assert.equal(mesh.roofFallback, undefined);
  assert.ok(mesh.roofFaces.length >= 6, 'one face per wall');
});

test('every tagged roof in Liechtenstein is drawn as tagged, except invalid values', { skip: extract ? false : missingSharedData(EXTRACT) }, () => {
  const features = assembleFeatures(new OsmData(readOsmFile(extract!)));
  const frame = new LocalFrame(47.14, 9.52);
  const drawn = new Map<string, number>();
  const fallbacks: string[] = [];
  for (const building of features.buildings) {
    const shape = building.tags['roof:shape'];
    if (!shape) continue;
    const outer = oriented(cleanRing(building.outer.map(([lon, lat]) => frame.toLocal(lon, lat))), true);
    const inners = building.inners.map((ring) => oriented(cleanRing(ring.map(([lon, lat]) => frame.toLocal(lon, lat))), false)).filter((r) => r.length >= 3);
    if (outer.length < 3) continue;
    const heights = buildingHeights(building.tags, minimumBoundingRectangle(outer).width);
    const mesh = buildBuildingMesh({ outer, inners }, heights, 0, building.tags);
    if (mesh.roofFallback) fallbacks.push(`${building.osmId} ${mesh.roofFallback}`);
    else drawn.set(mesh.roofShape, (drawn.get(mesh.roofShape) ?? 0) + 1);
  }
  const total = [...drawn.values()].reduce((a, b) => a + b, 0) + fallbacks.length;
  console.log(`# Liechtenstein: ${total} tagged roofs; drawn ${JSON.stringify(Object.fromEntries(drawn))}; fallbacks: ${fallbacks.join('; ') || 'none'}`);
  assert.ok(total >= 550, `${total} tagged roofs`);
  assert.ok(fallbacks.every((f) => /unknown roof shape "(yes|sawtooth)"/.test(f)), fallbacks.join('; '));
  for (const shape of ['gabled', 'flat', 'hipped', 'skillion', 'pyramidal', 'round', 'half-hipped', 'dome', 'gambrel']) assert.ok((drawn.get(shape) ?? 0) > 0, `${shape} drawn`);
});
