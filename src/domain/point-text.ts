import type { Translator } from '../i18n/index.ts';

/**
 * A point as the site report and the installer's lead write it: latitude and longitude to 6 decimals
 * (about 10 cm; trailing zeros dropped), as the language writes numbers.
 */
export function pointText(tr: Translator, latitude: number, longitude: number): string {
  return `${tr.number(latitude, 6)}, ${tr.number(longitude, 6)}`;
}
