/**
 * The compact text form of the sunshine-derived rows of the climate table: about a thousand places ×
 * twelve months would otherwise weigh some 60 KB in the viewer's bundle. Each place is a fixed-width
 * string of 20 characters from a 92-character alphabet (printable ASCII without `"` and `\`, so that a
 * row is a plain string literal): latitude and longitude in hundredths of a degree (3 characters each),
 * elevation in metres (2), then one character per month for K̄T in hundredths (0 = no sun that month).
 * Hundredths are the precision of the source: a step of 0.01 in K̄T is 2 % of the sunshine fraction the
 * rows are derived from, well inside their ±10 % per month.
 */
import type { ClimatePlace } from './climate-entry.ts';

const ALPHABET = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)).filter((c) => c !== '"' && c !== '\\').join('');
const BASE = ALPHABET.length; // 92
const ROW_LENGTH = 20;
const LATITUDE_OFFSET = 9_000; // hundredths of a degree
const LONGITUDE_OFFSET = 18_000;
const ELEVATION_OFFSET = 500; // metres: the Dead Sea shore is at −430 m
/** Largest K̄T a row can hold; the sunshine rows lie within 0.25–0.75 (Ångström–Prescott, FAO-56). */
export const LARGEST_ENCODED_CLEARNESS = (BASE - 1) / 100;

/**
 * One place as its 20-character row.
 *
 * @throws RangeError when a value lies outside what the row can hold (coordinates, −500 to 7,963 m, K̄T 0–0.91)
 */
export function encodeClimatePlace(place: ClimatePlace): string {
  if (place.clearnessIndex.length !== 12) throw new RangeError(`12 monthly K̄T values are needed, got ${place.clearnessIndex.length}`);
  if (!(Math.abs(place.latitude) <= 90)) throw new RangeError(`latitude ${place.latitude} is out of range for a climate row (allowed −90 to 90)`);
  if (!(Math.abs(place.longitude) <= 180)) throw new RangeError(`longitude ${place.longitude} is out of range for a climate row (allowed −180 to 180)`);
  return (
    digits(Math.round(place.latitude * 100) + LATITUDE_OFFSET, 3, `latitude ${place.latitude}`) +
    digits(Math.round(place.longitude * 100) + LONGITUDE_OFFSET, 3, `longitude ${place.longitude}`) +
    digits(Math.round(place.elevationM) + ELEVATION_OFFSET, 2, `elevation ${place.elevationM} m (allowed −500 to 7,963 m)`) +
    place.clearnessIndex.map((kt, month) => digits(Math.round(kt * 100), 1, `K̄T ${kt} of month ${month + 1} (allowed 0 to ${LARGEST_ENCODED_CLEARNESS})`)).join('')
  );
}

/**
 * A row back to its place.
 *
 * @throws RangeError for a row that is not 20 characters of the alphabet
 */
export function decodeClimatePlace(row: string): ClimatePlace {
  if (row.length !== ROW_LENGTH) throw new RangeError(`a climate row has ${ROW_LENGTH} characters, got ${row.length}: ${JSON.stringify(row)}`);
  const value = (start: number, length: number) => {
    let number = 0;
    for (let i = start; i < start + length; i++) {
      const digit = ALPHABET.indexOf(row[i]);
      if (digit < 0) throw new RangeError(`a climate row holds ${JSON.stringify(row[i])}, which is not in its alphabet: ${JSON.stringify(row)}`);
      number = number * BASE + digit;
    }
    return number;
  };
  return {
    latitude: (value(0, 3) - LATITUDE_OFFSET) / 100,
    longitude: (value(3, 3) - LONGITUDE_OFFSET) / 100,
    elevationM: value(6, 2) - ELEVATION_OFFSET,
    clearnessIndex: Array.from({ length: 12 }, (_, month) => value(8 + month, 1) / 100),
  };
}

function digits(value: number, length: number, what: string): string {
  if (!Number.isInteger(value) || value < 0 || value >= BASE ** length) throw new RangeError(`${what} is out of range for a climate row`);
  let text = '';
  for (let i = 0; i < length; i++) {
    text = ALPHABET[value % BASE] + text;
    value = Math.floor(value / BASE);
  }
  return text;
}
