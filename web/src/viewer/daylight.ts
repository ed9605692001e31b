import { createSolarPositionCalculator, type SolarPosition } from '../../../src/irradiance/browser.ts';
import { zonedInstant, type CalendarDate } from './zoned-time.ts';

/** The sun over one local day at a site. */
export interface DaylightDay {
  /** Local minutes after midnight of sunrise, or undefined when the sun does not rise or set that day. */
  sunrise: number | undefined;
  sunset: number | undefined;
  /** The sun stays above the horizon all day (polar summer). */
  polarDay: boolean;
  /** The sun stays below the horizon all day (polar winter). */
  polarNight: boolean;
  /** Slider stops: local minutes after midnight, every `stepMinutes`, while the sun is up. */
  stops: number[];
}

/** The site a viewer shows. */
export interface Site {
  latitude: number;
  longitude: number;
  timeZone: string;
}

const SCAN_MINUTES = 10;

/**
 * Sunrise, sunset and the time-slider stops of a local day, from the project's solar position module
 * (upper limb on the horizon with standard refraction, as almanacs give it). Found by scanning the day
 * and refining each crossing to the minute.
 */
export function daylightOn(site: Site, date: CalendarDate, stepMinutes = 15): DaylightDay {
  const position = createSolarPositionCalculator({ latitude: site.latitude, longitude: site.longitude });
  const elevationAt = (minutes: number): number => apparentElevation(position(zonedInstant(date, minutes, site.timeZone)));
  const samples: number[] = [];
  for (let minutes = 0; minutes <= 1440; minutes += SCAN_MINUTES) samples.push(elevationAt(minutes));
  let sunrise: number | undefined;
  let sunset: number | undefined;
  for (let i = 1; i < samples.length; i++) {
    const [before, after] = [samples[i - 1], samples[i]];
    const start = (i - 1) * SCAN_MINUTES;
    if (before <= 0 && after > 0 && sunrise === undefined) sunrise = refineCrossing(elevationAt, start, start + SCAN_MINUTES, true);
    if (before > 0 && after <= 0) sunset = refineCrossing(elevationAt, start, start + SCAN_MINUTES, false);
  }
  const polarDay = samples.every((elevation) => elevation > 0);
  const polarNight = samples.every((elevation) => elevation <= 0);
  const first = polarDay ? 0 : sunrise ?? 0;
  const last = polarDay ? 1440 - stepMinutes : sunset ?? (sunrise !== undefined ? 1440 - stepMinutes : 0);
  const stops: number[] = [];
  if (!polarNight) {
    for (let minutes = Math.ceil(first / stepMinutes) * stepMinutes; minutes <= last; minutes += stepMinutes) stops.push(minutes);
  }
  return { sunrise, sunset, polarDay, polarNight, stops };
}

/** Elevation of the sun's upper limb: the centre's apparent elevation plus its semi-diameter. */
function apparentElevation(position: SolarPosition): number {
  return position.elevation + 0.2667;
}

/** The minute at which the elevation changes sign between `low` and `high`, by bisection. */
function refineCrossing(elevationAt: (minutes: number) => number, low: number, high: number, rising: boolean): number {
  let [a, b] = [low, high];
  while (b - a > 0.5) {
    const middle = (a + b) / 2;
    const up = elevationAt(middle) > 0;
    if (up === rising) b = middle;
    else a = middle;
  }
  return (a + b) / 2;
}

/** The stop nearest `minutes`, or undefined when the day has none. */
export function nearestStop(stops: readonly number[], minutes: number): number | undefined {
  let best: number | undefined;
  for (const stop of stops) if (best === undefined || Math.abs(stop - minutes) < Math.abs(best - minutes)) best = stop;
  return best;
}
