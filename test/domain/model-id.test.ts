import assert from 'node:assert/strict';
import { test } from 'node:test';
import { modelId, normaliseArea } from '../../src/domain/model-id.ts';
import { outcomeForExistingJob } from '../../src/domain/model-job.ts';

test('model ids round coordinates to 6 decimals and the radius to 3, without trailing zeros', () => {
  assert.equal(modelId('hd', { latitude: 52.52, longitude: 13.405, radiusKm: 0.3 }), 'hd_52.52_13.405_0.3');
  assert.equal(modelId('hd', { latitude: 52.520000, longitude: 13.4050004, radiusKm: 0.3000 }), 'hd_52.52_13.405_0.3');
  assert.equal(modelId('hd', { latitude: 43.73961234, longitude: -7.42759999, radiusKm: 1.23456 }), 'hd_43.739612_-7.4276_1.235');
  assert.equal(modelId('sd', { latitude: -0.0000001, longitude: 0, radiusKm: 1 }), 'sd_0_0_1');
});

test('normalised areas are the numbers the id shows', () => {
  assert.deepEqual(normaliseArea({ latitude: 1.23456789, longitude: 2, radiusKm: 0.12345 }), { latitude: 1.234568, longitude: 2, radiusKm: 0.123 });
});

test('an existing job is joined while running, served while fresh, regenerated when failed or 30 days old', () => {
  const now = new Date('2026-06-30T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  assert.equal(outcomeForExistingJob('pending', null, now), 'in_progress');
  assert.equal(outcomeForExistingJob('processing', null, now), 'in_progress');
  assert.equal(outcomeForExistingJob('ready', daysAgo(29.9), now), 'cache_hit');
  assert.equal(outcomeForExistingJob('ready', daysAgo(30), now), 'regenerate');
  assert.equal(outcomeForExistingJob('failed', daysAgo(1), now), 'regenerate');
});
