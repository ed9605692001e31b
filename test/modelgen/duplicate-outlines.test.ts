import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withoutDuplicateOutlines } from '../../src/modelgen/features/duplicate-outlines.ts';
import { emptyMapFeatures, type BuildingFeature, type LonLatRing } from '../../src/modelgen/features/map-features.ts';

const ring: LonLatRing = [[24.95, 60.17], [24.951, 60.17], [24.951, 60.171], [24.95, 60.171]];
const building = (osmId: string, kind: BuildingFeature['kind'], tags: Record<string, string>, outer = ring): BuildingFeature => ({ osmId, kind, tags, outer, inners: [] });
const kept = (buildings: BuildingFeature[]) => withoutDuplicateOutlines({ ...emptyMapFeatures(), buildings }).buildings.map((b) => b.osmId);

test('a building way that is a building multipolygon\'s outer ring is drawn once, unless it says something else of its volume', () => {
  const relation = building('relation/1688819', 'building', { building: 'university', 'building:levels': '4' });
  // The same corners, started elsewhere and run the other way.
  assert.deepEqual(kept([building('way/122595213', 'building', { building: 'yes' }, [...ring.slice(2), ...ring.slice(0, 2)].reverse()), relation]), ['relation/1688819']);
  assert.deepEqual(kept([building('way/1', 'building', { building: 'yes', 'building:levels': '4' }), relation]), ['relation/1688819'], 'the same levels: a copy');
  assert.deepEqual(kept([building('way/2', 'building', { building: 'yes', 'building:levels': '2' }), relation]), ['way/2', 'relation/1688819'], 'other levels: another slice');
  // Helsinki way/89384331: a part (levels 2–6) on the outer ring of a part relation (levels 6–7).
  const partRelation = building('relation/1319474', 'part', { 'building:part': 'yes', 'building:levels': '7', 'building:min_level': '6' });
  assert.deepEqual(kept([building('way/89384331', 'part', { 'building:part': 'yes', 'building:levels': '6', 'building:min_level': '2' }), partRelation]), ['way/89384331', 'relation/1319474']);
  assert.deepEqual(kept([building('way/3', 'building', { building: 'yes' }, ring.slice(0, 3)), relation]), ['way/3', 'relation/1688819'], 'another outline');
});
