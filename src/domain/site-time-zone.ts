import tzlookup from '@photostructure/tz-lookup';

/**
 * The IANA time zone in force at a location (for the viewer's local clock). Points at sea get the
 * nautical zone (`Etc/GMT±n`) the library answers with.
 */
export function siteTimeZone(latitude: number, longitude: number): string {
  return tzlookup(latitude, longitude);
}
