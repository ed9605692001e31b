/** A calendar day. */
export interface CalendarDate {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
}

const MINUTE_MS = 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock reading in `timeZone` at instant `instant`, as calendar fields. */
export function wallClock(instant: Date, timeZone: string): CalendarDate & { minutes: number } {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year, month: parts.month, day: parts.day, minutes: parts.hour * 60 + parts.minute + parts.second / 60 };
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day) + wall.minutes * MINUTE_MS;
  return wallAsUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant at which the clocks of `timeZone` show `minutes` after midnight on `date`. In the hour a
 * daylight-saving change skips, the result is the reading one hour later, as a clock would show it.
 */
export function zonedInstant(date: CalendarDate, minutes: number, timeZone: string): Date {
  const wallAsUtc = Date.UTC(date.year, date.month - 1, date.day) + Math.round(minutes * MINUTE_MS);
  const first = wallAsUtc - zoneOffsetMs(new Date(wallAsUtc), timeZone);
  const second = wallAsUtc - zoneOffsetMs(new Date(first), timeZone);
  return new Date(second);
}

/** `YYYY-MM-DD` for a date input. */
export function formatCalendarDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** Reads `YYYY-MM-DD`; undefined when it is not a real date. */
export function parseCalendarDate(text: string): CalendarDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** `HH:MM` for minutes after midnight. */
export function formatClock(minutes: number): string {
  const rounded = Math.round(minutes) % 1440;
  return `${String(Math.floor(rounded / 60)).padStart(2, '0')}:${String(rounded % 60).padStart(2, '0')}`;
}
