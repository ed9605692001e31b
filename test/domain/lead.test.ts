import assert from 'node:assert/strict';
import { test } from 'node:test';
import { designLines, goalText } from '../../src/domain/lead.ts';

const corrected = (roofCorrection: { shape: string; pitch?: number; ridgeDirection?: number }) =>
  designLines({ latitude: 47.14, longitude: 9.52, roofCorrection } as Parameters<typeof designLines>[0]).find((line) => line.startsWith('Roof as the visitor corrected it'));

test('a corrected roof reads as the installer needs it: a ridge’s bearing, a single slope’s facing, no direction where the shape has none', () => {
  assert.equal(corrected({ shape: 'gabled', pitch: 35, ridgeDirection: 90 }), 'Roof as the visitor corrected it: gabled, 35°, ridge 90° from north');
  assert.equal(corrected({ shape: 'skillion', pitch: 10, ridgeDirection: 180 }), 'Roof as the visitor corrected it: skillion, 10°, facing 180° from north');
  assert.equal(corrected({ shape: 'hipped', pitch: 30 }), 'Roof as the visitor corrected it: hipped, 30°');
  assert.equal(corrected({ shape: 'flat' }), 'Roof as the visitor corrected it: flat');
});

test('the goal reads as the wizard named it, with the monthly use a bill goal was sized for', () => {
  const base = { latitude: 47.14, longitude: 9.52 };
  assert.equal(goalText({ ...base, goal: 'cover_bill', monthlyUseKwh: 312.4 }), 'Cover my electricity bill (312 kWh a month)');
  assert.equal(goalText({ ...base, goal: 'cover_bill' }), 'Cover my electricity bill');
  assert.equal(goalText({ ...base, goal: 'maximize_roi', monthlyUseKwh: 300 }), 'Best return on investment', 'the use belongs to the bill goal only');
  assert.equal(goalText({ ...base, goal: 'something_new' }), 'something_new', 'an unknown goal is shown as sent');
  assert.equal(goalText(base), '');
});
