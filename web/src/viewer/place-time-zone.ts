/**
 * The IANA time zone of a place the visitor moved to, by the rule the service uses for the page's own
 * place (`src/domain/site-time-zone.ts`). Its boundary table (about 70 KB) is loaded only when the
 * visitor moves, not with the page.
 */
export async function timeZoneAt(latitude: number, longitude: number): Promise<string> {
  try {
    const { siteTimeZone } = await import('../../../src/domain/site-time-zone.ts');
    return siteTimeZone(latitude, longitude);
  } catch {
    return nauticalZone(longitude);
  }
}

/**
 * The nautical time zone of a longitude (`Etc/GMT±n`, whose sign is reversed: Etc/GMT-1 is UTC+1):
 * within an hour or two of the civil time almost everywhere, when the table cannot be loaded.
 */
export function nauticalZone(longitude: number): string {
  const hours = Math.max(-12, Math.min(12, Math.round(longitude / 15)));
  return hours === 0 ? 'Etc/GMT' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}
