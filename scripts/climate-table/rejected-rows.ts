/**
 * Rows of the sunshine-derived climate file that the table leaves out because their sunshine hours
 * contradict the national weather service's normals for the place by far more than the file's own
 * uncertainty (±5 % a year): such a row would pull every estimate around it the wrong way. Each entry
 * names the evidence. A row is only listed here on such outside evidence, never because it is hard to
 * interpolate: the Faroe Islands and Bergen, as cloudy as their normals say, stay in.
 */

/** A place left out, as the file names it (`place, country`), and why. */
export interface RejectedRow {
  name: string;
  reason: string;
}

export const REJECTED_SUNSHINE_ROWS: readonly RejectedRow[] = [
  {
    name: 'Stralsund, Germany',
    reason:
      '2,415 sunshine hours a year in the file; the sunniest German station over 30 years (Zinnowitz, Usedom, DWD) has 1,917 h, and Stralsund 2,003 h in the sunny year 2014 (DWD station ranking)',
  },
  {
    name: 'Osmaniye, Türkiye',
    reason: '2,064 sunshine hours a year in the file; the Turkish State Meteorological Service\'s normal for Osmaniye is 2,856 h (its neighbours Adana and İskenderun: 2,758 h and 2,637 h in the file)',
  },
];
