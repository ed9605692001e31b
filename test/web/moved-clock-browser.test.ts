import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { solarPosition } from '../../src/irradiance/solar-position.ts';
import { daylightOn } from '../../web/src/viewer/daylight.ts';
import { formatClock, parseCalendarDate, wallClock, zonedInstant } from '../../web/src/viewer/zoned-time.ts';
import { browserSkipReason, launchBrowser } from '../helpers/browser.ts';
import { createListeningContext, type ListeningContext } from '../helpers/listening-service.ts';

const MONACO = { latitude: 43.7384, longitude: 7.4246 };
// Places whose civil time differs from the nautical zone of their longitude (UTC−3 against −4, and
// daylight saving in June), so that the page must have found the real zone.
const BUENOS_AIRES = { latitude: -34.6037, longitude: -58.3816, timeZone: 'America/Argentina/Buenos_Aires' };
const NEW_YORK = { latitude: 40.7128, longitude: -74.006, timeZone: 'America/New_York' };

/** What the time panel shows. */
async function panel(page: Page): Promise<{ date: string; minutes: number; clock: string; sunrise: string; sunInfo: string }> {
  return page.evaluate(() => ({
    date: (document.getElementById('date') as HTMLInputElement).value,
    minutes: Number((document.getElementById('time') as HTMLInputElement).value),
    clock: document.getElementById('clock')!.textContent ?? '',
    sunrise: document.getElementById('sunrise')!.textContent ?? '',
    sunInfo: document.getElementById('sun-info')!.textContent ?? '',
  }));
}

/** The panel's sunrise and sun for `site` on its date and time, as the page should compute them there. */
function expected(site: typeof BUENOS_AIRES, shown: { date: string; minutes: number }): { sunrise: string; elevation: number; azimuth: number } {
  const day = parseCalendarDate(shown.date)!;
  const sunrise = daylightOn(site, day).sunrise!;
  const sun = solarPosition(zonedInstant(day, shown.minutes, site.timeZone), site);
  return { sunrise: `Sunrise ${formatClock(sunrise)}`, elevation: sun.elevation, azimuth: sun.azimuth };
}

/** Presses "use my location" with the browser placed at `site`, and waits for the sunrise shown to change. */
async function moveTo(page: Page, site: typeof BUENOS_AIRES): Promise<void> {
  const before = (await panel(page)).sunrise;
  await page.context().setGeolocation({ latitude: site.latitude, longitude: site.longitude });
  await page.locator('#place-locate').click();
  await page.waitForFunction((old) => document.getElementById('sunrise')!.textContent !== old, before, { timeout: 20_000 }).catch(() => undefined);
}

function assertSun(sunInfo: string, want: { elevation: number; azimuth: number }, where: string): void {
  if (want.elevation <= 0) {
    assert.equal(sunInfo, 'Sun below the horizon', where);
    return;
  }
  const match = /^Sun (-?\d+)° high, \w+ \((\d+)°\)$/.exec(sunInfo);
  assert.ok(match, `${where}: ${sunInfo}`);
  assert.ok(Math.abs(Number(match[1]) - want.elevation) <= 1, `${where}: elevation ${match[1]}° shown, ${want.elevation.toFixed(1)}° there`);
  assert.ok(Math.abs(Number(match[2]) - want.azimuth) <= 1, `${where}: azimuth ${match[2]}° shown, ${want.azimuth.toFixed(1)}° there`);
}

describe('the time controls after the viewer moves to a distant place (Chromium, test generator)', { skip: browserSkipReason() ?? false }, () => {
  let ctx: ListeningContext;
  let browser: Browser;
  before(async () => {
    ctx = await createListeningContext({ workers: 1 });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await ctx?.close();
  });

  async function openAtMonaco(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1000, height: 700 }, permissions: ['geolocation'], locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${ctx.baseUrl}/viewer?lat=${MONACO.latitude}&lng=${MONACO.longitude}&lang=en`);
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 30_000 });
    return page;
  }

  test('“use my location” in Buenos Aires: today’s date and time there, its sunrise and its sun', async () => {
    const page = await openAtMonaco();
    const atMonaco = await panel(page);
    const start = new Date();
    await moveTo(page, BUENOS_AIRES);
    const shown = await panel(page);
    const end = new Date();
    assert.notEqual(shown.sunrise, atMonaco.sunrise, 'the sunrise shown is Buenos Aires’, not Monaco’s');
    // The present moment there, read before and after the move (a minute may turn meanwhile).
    const [early, late] = [wallClock(start, BUENOS_AIRES.timeZone), wallClock(end, BUENOS_AIRES.timeZone)];
    assert.ok([early, late].some((wall) => shown.date === `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`), `date ${shown.date} is today in Buenos Aires`);
    const want = expected(BUENOS_AIRES, shown);
    assert.equal(shown.sunrise, want.sunrise);
    assert.equal(shown.clock, formatClock(shown.minutes));
    const stops = daylightOn(BUENOS_AIRES, parseCalendarDate(shown.date)!).stops;
    const nowThere = late.minutes;
    if (nowThere >= stops[0] && nowThere <= stops.at(-1)!) assert.ok(Math.abs(shown.minutes - nowThere) <= 15, `the clock shows the time in Buenos Aires now (${shown.clock}, ${formatClock(nowThere)} there)`);
    assertSun(shown.sunInfo, want, 'Buenos Aires');
    await page.context().close();
  });

  test('a date and time the visitor chose stay the same local date and time in New York, with its sun', async () => {
    const page = await openAtMonaco();
    await page.fill('#date', '2026-06-21');
    await page.locator('#time').fill(String(12 * 60));
    assert.equal((await panel(page)).clock, '12:00');
    await moveTo(page, NEW_YORK);
    const shown = await panel(page);
    assert.equal(shown.date, '2026-06-21');
    assert.equal(shown.clock, '12:00', 'noon, now in New York');
    const want = expected(NEW_YORK, shown);
    assert.equal(shown.sunrise, want.sunrise, 'New York’s sunrise on 21 June (about 05:25 EDT)');
    assert.ok(want.elevation > 60, 'the sun stands high at noon in New York in June');
    assertSun(shown.sunInfo, want, 'New York');
    await page.context().close();
  });
});
