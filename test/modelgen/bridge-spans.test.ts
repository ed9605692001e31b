import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GroundFeature } from '../../src/modelgen/features/map-features.ts';
import { bridgeSpans } from '../../src/modelgen/ground/bridge-spans.ts';

const line = (osmId: string, kind: 'road' | 'path', points: [number, number][], more: Partial<GroundFeature> = {}): GroundFeature => ({ kind, osmId, points, ...more });
/** The features are laid out in metres already. */
const metres = (ring: [number, number][]) => ring;

test('a bridge drawn without the footway it crosses keeps its clearance over it; a bridge not drawn is left out', () => {
  const ground = [
    line('way/1', 'path', [[0, -100], [0, 100]], { roadClass: 'footway' }),
    line('way/2', 'road', [[-30, 0], [30, 0]], { roadClass: 'secondary', bridge: true }),
    line('way/3', 'path', [[50, -30], [50, 30]], { roadClass: 'footway', bridge: true }),
  ];
  const roadsOnly = (g: GroundFeature) => g.kind === 'road';
  const spans = bridgeSpans(ground, metres, 200, roadsOnly);
  assert.equal(spans.length, 1, 'only the road bridge is drawn');
  assert.equal(spans[0].clearance, 5, 'five metres over the footway under it, drawn or not');
  assert.equal(bridgeSpans(ground, metres, 200).length, 2, 'both bridges when everything is drawn');
});
