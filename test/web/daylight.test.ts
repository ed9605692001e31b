import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { daylightOn } from '../../web/src/viewer/daylight.ts';
import { formatClock, parseCalendarDate, wallClock, zonedInstant, zoneOffsetMs } from '../../web/src/viewer/zoned-time.ts';

describe('local time in the site’s time zone', () => {
  test('wall-clock readings turn into instants across daylight-saving changes', () => {
    assert.equal(zonedInstant({ year: 2026, month: 1, day: 15 }, 12 * 60, 'Europe/Monaco').toISOString(), '2026-01-15T11:00:00.000Z');
    assert.equal(zonedInstant({ year: 2026, month: 7, day: 15 }, 12 * 60, 'Europe/Monaco').toISOString(), '2026-07-15T10:00:00.000Z');
    assert.equal(zonedInstant({ year: 2026, month: 7, day: 15 }, 9 * 60 + 30, 'America/New_York').toISOString(), '2026-07-15T13:30:00.000Z');
    assert.equal(zonedInstant({ year: 2026, month: 3, day: 29 }, 1 * 60 + 59, 'Europe/Berlin').toISOString(), '2026-03-29T00:59:00.000Z', 'last minute before the change');
    assert.equal(zonedInstant({ year: 2026, month: 3, day: 29 }, 3 * 60, 'Europe/Berlin').toISOString(), '2026-03-29T01:00:00.000Z', 'first minute after');
    assert.equal(zonedInstant({ year: 2026, month: 6, day: 1 }, 0, 'Asia/Kolkata').toISOString(), '2026-05-31T18:30:00.000Z', 'half-hour zone, previous UTC day');
  });

  test('offsets and wall clocks agree with each other', () => {
    const instant = new Date('2026-11-22T15:45:00Z');
    assert.equal(zoneOffsetMs(instant, 'Australia/Sydney'), 11 * 3600_000);
    const wall = wallClock(instant, 'Australia/Sydney');
    assert.deepEqual({ ...wall }, { year: 2026, month: 11, day: 23, minutes: 2 * 60 + 45 });
  });

  test('dates and clock readings are read and written strictly', () => {
    assert.deepEqual(parseCalendarDate('2024-02-29'), { year: 2024, month: 2, day: 29 });
    assert.equal(parseCalendarDate('2023-02-29'), undefined);
    assert.equal(parseCalendarDate('29/02/2024'), undefined);
    assert.equal(formatClock(7 * 60 + 5), '07:05');
  });
});

describe('sunrise, sunset and the slider stops', () => {
  // Published times (timeanddate.com, HM Nautical Almanac Office tables): London 21 June 2024
  // sunrise 04:43, sunset 21:21 BST; 21 December 2024 sunrise 08:04, sunset 15:53 GMT.
  const london = { latitude: 51.5074, longitude: -0.1278, timeZone: 'Europe/London' };
  const within = (actual: number | undefined, hhmm: string, minutes: number) => {
    const [h, m] = hhmm.split(':').map(Number);
    assert.ok(actual !== undefined && Math.abs(actual - (h * 60 + m)) <= minutes, `${actual === undefined ? 'none' : formatClock(actual)} vs ${hhmm}`);
  };

  test('London at both solstices, within 2 minutes of the almanac', () => {
    const june = daylightOn(london, { year: 2024, month: 6, day: 21 });
    within(june.sunrise, '04:43', 2);
    within(june.sunset, '21:21', 2);
    const december = daylightOn(london, { year: 2024, month: 12, day: 21 });
    within(december.sunrise, '08:04', 2);
    within(december.sunset, '15:53', 2);
  });

  test('stops every 15 minutes from the first after sunrise to the last before sunset', () => {
    const day = daylightOn(london, { year: 2024, month: 12, day: 21 });
    assert.equal(day.stops[0], 8 * 60 + 15);
    assert.equal(day.stops.at(-1), 15 * 60 + 45);
    assert.ok(day.stops.every((stop, i) => i === 0 || stop - day.stops[i - 1] === 15));
  });

  test('polar day and polar night (Tromsø)', () => {
    const tromso = { latitude: 69.6492, longitude: 18.9553, timeZone: 'Europe/Oslo' };
    const summer = daylightOn(tromso, { year: 2026, month: 6, day: 21 });
    assert.equal(summer.polarDay, true);
    assert.equal(summer.stops.length, 96, 'the whole day');
    const winter = daylightOn(tromso, { year: 2026, month: 12, day: 21 });
    assert.equal(winter.polarNight, true);
    assert.deepEqual(winter.stops, []);
  });
});
