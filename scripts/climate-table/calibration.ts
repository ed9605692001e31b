/**
 * The calibration of the sunshine-derived rows against PVGIS: at every PVGIS row, the sunshine rows'
 * interpolated yearly horizontal irradiation is compared with PVGIS's; the factor on their K̄T is the
 * geometric mean of PVGIS ÷ sunshine over those places (one factor: a handful of PVGIS places cannot
 * support a factor per month or per region).
 */
import type { ClearnessIndexEntry, ClimatePlace } from '../../src/irradiance/climate-entry.ts';
import { DEFAULT_INTERPOLATION, interpolateClearness, type InterpolationOptions } from '../../src/irradiance/climate-interpolation.ts';
import { AVERAGE_DAY_OF_MONTH, DAYS_IN_MONTH, extraterrestrialDaily } from '../../src/irradiance/sun-geometry.ts';

/** One PVGIS place of the fit. */
export interface CalibrationPoint {
  reference: ClimatePlace & { name?: string };
  /** Yearly horizontal irradiation, kWh/m²: PVGIS's, and the uncalibrated sunshine rows' estimate. */
  pvgisYearly: number;
  sunshineYearly: number;
  /** Distance to the nearest sunshine row, km. */
  nearestKm: number;
}

export interface SunshineCalibration {
  factor: number;
  points: CalibrationPoint[];
}

/**
 * Fits the factor.
 *
 * @throws RangeError without any PVGIS place to fit on
 */
export function fitSunshineCalibration(
  sunshine: readonly ClimatePlace[],
  references: readonly (ClimatePlace | ClearnessIndexEntry)[],
  options: InterpolationOptions = DEFAULT_INTERPOLATION,
): SunshineCalibration {
  if (references.length === 0) throw new RangeError('the sunshine rows can only be calibrated on at least one PVGIS row');
  const points = references.map((reference) => {
    const estimate = interpolateClearness(sunshine, reference.latitude, reference.longitude, reference.elevationM, options);
    return {
      reference,
      pvgisYearly: yearlyHorizontal(reference.latitude, reference.clearnessIndex),
      sunshineYearly: yearlyHorizontal(reference.latitude, estimate.clearnessIndex),
      nearestKm: estimate.neighbours[0].km,
    };
  });
  const logMean = points.reduce((sum, point) => sum + Math.log(point.pvgisYearly / point.sunshineYearly), 0) / points.length;
  return { factor: Math.exp(logMean), points };
}

/** Yearly horizontal irradiation (kWh/m²) of monthly K̄T at a latitude. */
export function yearlyHorizontal(latitude: number, clearnessIndex: readonly number[]): number {
  return clearnessIndex.reduce((sum, kt, month) => sum + kt * extraterrestrialDaily(latitude, AVERAGE_DAY_OF_MONTH[month]) * DAYS_IN_MONTH[month], 0);
}
