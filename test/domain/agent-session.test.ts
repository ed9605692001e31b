import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sessionRequestProblem, viewerUrl } from '../../src/domain/agent-session.ts';

test('viewer link: SPEC.md order, 6 decimals for the location, 7 for the roof', () => {
  assert.equal(
    viewerUrl('https://s.example', { sessionId: 'ses_x', latitude: 1.5, longitude: -2.25, wizardGoal: 'cover_bill', wizardKwh: 300.5, roofLat: 1.50001, roofLng: -2.25001 }),
    'https://s.example/viewer?session=ses_x&lat=1.500000&lng=-2.250000&wizard=cover_bill&wizardKwh=300.5&roofLat=1.5000100&roofLng=-2.2500100',
  );
  assert.equal(viewerUrl('https://s.example', { latitude: 1, longitude: 2 }), 'https://s.example/viewer?lat=1.000000&lng=2.000000');
});

test('rules beyond the schema', () => {
  const base = { latitude: 0, longitude: 0, agentName: 'a' };
  assert.equal(sessionRequestProblem(base), undefined);
  assert.equal(sessionRequestProblem({ ...base, wizardGoal: 'cover_bill' }), 'wizardKwh is required when wizardGoal is cover_bill');
  assert.equal(sessionRequestProblem({ ...base, wizardGoal: 'cover_bill', wizardKwh: 100 }), undefined);
  assert.equal(sessionRequestProblem({ ...base, roofLng: 3 }), 'roofLat and roofLng must be given together');
});
