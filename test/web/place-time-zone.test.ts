import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { nauticalZone, timeZoneAt } from '../../web/src/viewer/place-time-zone.ts';
import { siteTimeZone } from '../../src/domain/site-time-zone.ts';

describe('the time zone of a place the viewer moves to', () => {
  test('is the one the service gives a page opened there', async () => {
    for (const [latitude, longitude] of [[40.7128, -74.006], [35.6762, 139.6503], [47.141, 9.5209], [-33.87, 151.21], [19.43, -99.13]]) {
      assert.equal(await timeZoneAt(latitude, longitude), siteTimeZone(latitude, longitude));
    }
    assert.equal(await timeZoneAt(40.7128, -74.006), 'America/New_York');
  });

  test('the nautical zone that stands in when the table cannot be loaded is a zone Intl knows, hours east positive', () => {
    const offset = (zone: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(new Date('2026-01-15T12:00:00Z')).find((p) => p.type === 'timeZoneName')!.value;
    assert.equal(nauticalZone(139.65), 'Etc/GMT-9');
    assert.equal(offset(nauticalZone(139.65)), 'GMT+9');
    assert.equal(offset(nauticalZone(-74)), 'GMT-5');
    assert.match(offset(nauticalZone(3)), /^GMT(\+0)?$/);
    assert.equal(nauticalZone(-179.9), 'Etc/GMT+12');
  });
});
