import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assembleFeatures } from '../../src/modelgen/features/assemble-features.ts';
import { OsmData, type OsmElement } from '../../src/modelgen/osm/osm-elements.ts';
import { readOsmFile } from '../../src/modelgen/osm/read-osm-file.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';

/** A small square building way with the given tags, its nodes numbered from `id`. */
function square(id: number, tags: Record<string, string>): OsmElement[] {
  const corners = [[0, 0], [0, 0.0002], [0.0002, 0.0002], [0.0002, 0]].map(([dlat, dlon], k): OsmElement => ({ type: 'node', id: id + k + 1, lat: 47 + dlat + id * 1e-5, lon: 9 + dlon }));
  return [...corners, { type: 'way', id, nodes: [id + 1, id + 2, id + 3, id + 4, id + 1], tags }];
}

test('buildings below the ground are left out; a negative layer alone keeps a building', () => {
  const features = assembleFeatures(new OsmData([
    ...square(10, { building: 'railway', layer: '-2', covered: 'yes' }),
    ...square(20, { building: 'yes', location: 'underground' }),
    ...square(30, { building: 'parking', location: 'below_ground' }),
    ...square(40, { building: 'sports_centre', layer: '-1', location: 'surface' }),
    ...square(50, { building: 'yes', layer: '-1' }),
    ...square(60, { 'building:part': 'yes', layer: '-1', covered: 'yes' }),
  ]));
  assert.deepEqual(features.buildings.map((b) => b.osmId).sort(), ['way/40', 'way/50']);
});

test('Monaco: the railway station under the town is not a building on its streets', { skip: sharedDataFile('osm/monaco-latest.osm.pbf') ? false : missingSharedData('osm/monaco-latest.osm.pbf') }, () => {
  const ids = new Set(assembleFeatures(new OsmData(readOsmFile(sharedDataFile('osm/monaco-latest.osm.pbf')!))).buildings.map((b) => b.osmId));
  assert.ok(!ids.has('way/156780354'), 'the station (building=railway, layer=-2, covered=yes) is left out');
  assert.ok(ids.has('way/850169345'), 'the Albatros (layer=-1, nothing saying it is underground) is kept');
});
