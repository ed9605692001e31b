import { createSolarPositionCalculator } from '../../../src/irradiance/browser.ts';
import { daylightOn, nearestStop, type DaylightDay, type Site } from './daylight.ts';
import { formatCalendarDate, formatClock, parseCalendarDate, wallClock, zonedInstant, type CalendarDate } from './zoned-time.ts';
import { t } from './language.ts';

const STEP_MINUTES = 15;
const PLAY_INTERVAL_MS = 350;
const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

/** Where the sun is for the chosen moment. */
export interface SunMoment {
  instant: Date;
  azimuth: number;
  elevation: number;
}

/**
 * The date picker, the time-of-day slider (sunrise to sunset in 15-minute steps, in the site's own
 * time zone) and the play button. Calls `onSun` whenever the chosen moment changes.
 */
export class TimeControls {
  #site: Site;
  readonly #onSun: (moment: SunMoment) => void;
  #position: ReturnType<typeof createSolarPositionCalculator>;
  readonly #panel: HTMLElement;
  readonly #date: HTMLInputElement;
  readonly #time: HTMLInputElement;
  readonly #play: HTMLButtonElement;
  readonly #clock: HTMLOutputElement;
  readonly #sunInfo: HTMLElement;
  readonly #sunrise: HTMLElement;
  readonly #sunset: HTMLElement;
  #day: CalendarDate;
  #daylight!: DaylightDay;
  #minutes = 720;
  #timer: ReturnType<typeof setInterval> | undefined;
  /** Whether the visitor chose the date or the time (else the controls show the present moment). */
  #chosen = false;

  constructor(document: Document, site: Site, now: Date, onSun: (moment: SunMoment) => void) {
    this.#site = { latitude: site.latitude, longitude: site.longitude, timeZone: site.timeZone };
    this.#onSun = onSun;
    this.#position = createSolarPositionCalculator({ latitude: site.latitude, longitude: site.longitude });
    this.#panel = document.getElementById('time-panel')!;
    this.#date = document.getElementById('date') as HTMLInputElement;
    this.#time = document.getElementById('time') as HTMLInputElement;
    this.#play = document.getElementById('play') as HTMLButtonElement;
    this.#clock = document.getElementById('clock') as HTMLOutputElement;
    this.#sunInfo = document.getElementById('sun-info')!;
    this.#sunrise = document.getElementById('sunrise')!;
    this.#sunset = document.getElementById('sunset')!;
    const wall = wallClock(now, site.timeZone);
    this.#day = { year: wall.year, month: wall.month, day: wall.day };
    this.#date.value = formatCalendarDate(this.#day);
    this.#date.addEventListener('change', () => this.#changeDate());
    this.#time.addEventListener('input', () => {
      this.#chosen = true;
      this.#setMinutes(Number(this.#time.value));
    });
    this.#play.addEventListener('click', () => this.toggle());
    this.#loadDay(wall.minutes);
  }

  /**
   * The viewer moved to another place (an address searched, the visitor's location): the sun is
   * computed there and the date and clock are read in its time zone. A date or time the visitor chose
   * is kept as the same local date and time of day there; otherwise the controls show the present
   * moment at the new place, as they did on opening.
   */
  moveTo(site: Site, now: Date): void {
    this.#site = { latitude: site.latitude, longitude: site.longitude, timeZone: site.timeZone };
    this.#position = createSolarPositionCalculator({ latitude: site.latitude, longitude: site.longitude });
    let minutes = this.#minutes;
    if (!this.#chosen) {
      const wall = wallClock(now, site.timeZone);
      this.#day = { year: wall.year, month: wall.month, day: wall.day };
      this.#date.value = formatCalendarDate(this.#day);
      minutes = wall.minutes;
    }
    this.#loadDay(minutes);
  }

  /** Shows the panel (once the model is on screen). */
  show(): void {
    this.#panel.hidden = false;
  }

  /** Starts or stops playing the day. */
  toggle(): void {
    if (this.#timer !== undefined) {
      this.#stop();
      return;
    }
    const stops = this.#daylight.stops;
    if (stops.length === 0) return;
    this.#chosen = true;
    this.#play.setAttribute('aria-pressed', 'true');
    this.#play.setAttribute('aria-label', t('time.pause'));
    this.#timer = setInterval(() => {
      const next = stops.find((stop) => stop > this.#minutes) ?? stops[0];
      this.#setMinutes(next);
    }, PLAY_INTERVAL_MS);
  }

  /** The moment shown now. */
  moment(): SunMoment {
    const instant = zonedInstant(this.#day, this.#minutes, this.#site.timeZone);
    const position = this.#position(instant);
    return { instant, azimuth: position.azimuth, elevation: position.elevation };
  }

  #stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#play.setAttribute('aria-pressed', 'false');
    this.#play.setAttribute('aria-label', t('time.play'));
  }

  #changeDate(): void {
    const day = parseCalendarDate(this.#date.value);
    if (!day) return;
    this.#chosen = true;
    this.#day = day;
    this.#loadDay(this.#minutes);
  }

  /** Recomputes sunrise and sunset for the chosen day and keeps the time as close as the day allows. */
  #loadDay(preferredMinutes: number): void {
    this.#daylight = daylightOn(this.#site, this.#day, STEP_MINUTES);
    const { stops, sunrise, sunset, polarDay, polarNight } = this.#daylight;
    const disabled = stops.length === 0;
    this.#time.disabled = disabled;
    this.#play.disabled = disabled;
    if (disabled) this.#stop();
    this.#time.min = String(stops[0] ?? 0);
    this.#time.max = String(stops.at(-1) ?? 1440);
    this.#sunrise.textContent = polarDay ? t('time.sunUpAllDay') : polarNight ? t('time.noSunrise') : sunrise === undefined ? '' : t('time.sunrise', { time: formatClock(sunrise) });
    this.#sunset.textContent = polarDay || polarNight || sunset === undefined ? '' : t('time.sunset', { time: formatClock(sunset) });
    const middle = stops.length > 0 ? stops[Math.floor(stops.length / 2)] : 720;
    const inDaylight = stops.length > 0 && preferredMinutes >= stops[0] && preferredMinutes <= stops.at(-1)!;
    this.#setMinutes(nearestStop(stops, inDaylight ? preferredMinutes : middle) ?? 720);
  }

  #setMinutes(minutes: number): void {
    this.#minutes = minutes;
    this.#time.value = String(minutes);
    this.#clock.textContent = formatClock(minutes);
    const moment = this.moment();
    this.#time.setAttribute('aria-valuetext', t('time.valueText', { time: formatClock(minutes), elevation: Math.round(moment.elevation) }));
    this.#sunInfo.textContent = moment.elevation > 0
      ? t('time.sunInfo', { elevation: Math.round(moment.elevation), direction: t(`direction.${COMPASS_POINTS[Math.round(moment.azimuth / 45) % 8]}`), azimuth: Math.round(moment.azimuth) })
      : t('time.sunBelow');
    this.#onSun(moment);
  }
}
