import type { SolarRequest, SolarResult } from '../contract/solar.ts';
import type { PlaneIrradiation } from '../irradiance/browser.ts';

/** SPEC.md calculation rule 4: inverter and wiring losses. */
export const SYSTEM_LOSSES = 0.14;

/**
 * Applies SPEC.md's formula: peak power = area × efficiency; yield = peak × annual GTI × (1 − shading) ×
 * (1 − 0.14). Months follow the irradiation's monthly profile, scaled to the annual figure and rounded
 * to 0.1 kWh so that they add up to `annualYieldKwh` exactly. Specific yield is kWh per kWp.
 */
export function computeSolarYield(request: SolarRequest, irradiation: PlaneIrradiation): SolarResult {
  const shading = request.shadingLossFraction ?? 0;
  const peakPowerKw = request.panelAreaM2 * request.panelEfficiency;
  const annual = peakPowerKw * irradiation.annualGti * (1 - shading) * (1 - SYSTEM_LOSSES);
  const annualTenths = Math.round(annual * 10);
  const monthlyTenths = distribute(annualTenths, irradiation.monthlyGti);
  return {
    annualYieldKwh: annualTenths / 10,
    peakPowerKw: round(peakPowerKw, 3),
    specificYield: peakPowerKw > 0 ? round(annual / peakPowerKw, 1) : 0,
    monthlyKwh: monthlyTenths.map((tenths) => tenths / 10),
    source: irradiation.source,
  };
}

/** Splits a whole number in proportion to `weights` (largest remainder), so the parts add up exactly. */
export function distribute(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let remainder = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, fraction: value - Math.floor(value) })).sort((a, b) => b.fraction - a.fraction);
  for (const { index } of order) {
    if (remainder <= 0) break;
    parts[index] += 1;
    remainder -= 1;
  }
  return parts;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
