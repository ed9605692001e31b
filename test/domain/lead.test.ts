import assert from 'node:assert/strict';
import { test } from 'node:test';
import { designLines, goalText } from '../../src/domain/lead.ts';

const corrected = (roofCorrection: { shape: string; pitch?: number; ridgeDirection?: number }) =>
  designLines({ latitude: 47.14, longitude: 9.52, roofCorrection } as Parameters<typeof designLines>[0]).find((line) => line.startsWith('Roof as the visitor corrected it'));

test('a corrected roof reads as the installer needs it: a ridge’s bearing, a single slope’s facing, no direction where the shape has none', () => {
  assert.equal(corrected({ shape: 'gabled', pitch: 35, ridgeDirection: 90 }), 'Roof as the visitor corrected it: gabled, 35°, ridge 90° from north');
  assert.equal(corrected({ shape: 'skillion', pitch: 10, ridgeDirection: 180 }), 'Roof as the visitor corrected it: single slope, 10°, facing 180° from north');
  assert.equal(corrected({ shape: 'hipped', pitch: 30 }), 'Roof as the visitor corrected it: hipped, 30°');
  assert.equal(corrected({ shape: 'flat' }), 'Roof as the visitor corrected it: flat');
  assert.equal(corrected({ shape: 'flat', pitch: 30, ridgeDirection: 24.714835149306737 }), 'Roof as the visitor corrected it: flat', 'a flat roof has neither');
});

test('the lead writes the roof as the site report does: whole degrees, and the point rounded the same way', () => {
  // The ridge field holds the model's bearing of the walls until the visitor types another.
  assert.equal(corrected({ shape: 'half-hipped', pitch: 29.6, ridgeDirection: 24.714835149306737 }), 'Roof as the visitor corrected it: half-hipped, 30°, ridge 25° from north');
  const lines = designLines({ latitude: 43.74, longitude: 7.42, roof: 'way/1', roofLatitude: 43.7387325, roofLongitude: 7.4250005 });
  // 43.7387325 is stored as 43.738732499…: toFixed(6) gave 43.738732 where the report writes 43.738733.
  assert.equal(lines[0], 'Roof: way/1 at 43.738733, 7.425001 (https://www.openstreetmap.org/way/1)');
});

test('the goal reads as the wizard named it, with the monthly use a bill goal was sized for', () => {
  const base = { latitude: 47.14, longitude: 9.52 };
  assert.equal(goalText({ ...base, goal: 'cover_bill', monthlyUseKwh: 312.4 }), 'Cover my electricity bill (312 kWh a month)');
  assert.equal(goalText({ ...base, goal: 'cover_bill' }), 'Cover my electricity bill');
  assert.equal(goalText({ ...base, goal: 'maximize_roi', monthlyUseKwh: 300 }), 'Best return on investment', 'the use belongs to the bill goal only');
  assert.equal(goalText({ ...base, goal: 'something_new' }), 'something_new', 'an unknown goal is shown as sent');
  assert.equal(goalText(base), '');
});
