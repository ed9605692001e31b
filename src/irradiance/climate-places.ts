/**
 * The climate table as the fallback uses it: the rows from PVGIS as they are, the sunshine-derived rows
 * multiplied by their calibration factor (sunshine-based estimates read lower than PVGIS's satellite
 * data; the factor is fitted on the PVGIS rows when the table is built). Decoded once, on first use.
 */
import type { ClimatePlace } from './climate-entry.ts';
import { decodeClimatePlace } from './climate-table-codec.ts';
import { PVGIS_ROWS, SUNSHINE_CALIBRATION, SUNSHINE_ROWS } from './clearness-index-table.ts';

/** The two kinds of rows, uncalibrated, and the shipped calibration factor. */
export interface ClimateTable {
  pvgis: readonly ClimatePlace[];
  sunshine: readonly ClimatePlace[];
  calibration: number;
}

let shipped: ClimateTable | undefined;
let shippedPlaces: readonly ClimatePlace[] | undefined;

/** The shipped table, decoded. */
export function shippedClimateTable(): ClimateTable {
  shipped ??= { pvgis: PVGIS_ROWS.map(decodeClimatePlace), sunshine: SUNSHINE_ROWS.map(decodeClimatePlace), calibration: SUNSHINE_CALIBRATION };
  return shipped;
}

/** The places the fallback interpolates between: PVGIS rows, then the sunshine rows × `calibration`. */
export function climatePlaces(table: ClimateTable, calibration: number = table.calibration): ClimatePlace[] {
  return [...table.pvgis, ...table.sunshine.map((place) => calibrate(place, calibration))];
}

/** `climatePlaces` of the shipped table, built once. */
export function shippedClimatePlaces(): readonly ClimatePlace[] {
  shippedPlaces ??= climatePlaces(shippedClimateTable());
  return shippedPlaces;
}

function calibrate(place: ClimatePlace, factor: number): ClimatePlace {
  return factor === 1 ? place : { ...place, clearnessIndex: place.clearnessIndex.map((kt) => kt * factor) };
}
