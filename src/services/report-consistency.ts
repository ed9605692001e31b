import type { SiteReportDesign } from '../contract/report.ts';
import type { LeadConfiguration } from '../contract/leads.ts';
import { fallbackIrradiation } from '../irradiance/index.ts';
import { financials } from '../solar-design/index.ts';

/**
 * More than any fixed panel makes anywhere on Earth in a year, kWh per kWp (PVGIS gives at most about
 * 2,300 in the Atacama; the wizard's figures run up to a seventh above PVGIS's own).
 */
export const MAX_SPECIFIC_YIELD = 3000;
/** SPEC.md's inverter and wiring losses, which every yield of the wizard carries. */
const SYSTEM_LOSSES = 0.14;
/** How far a place's yield may run above the local climate model's best plane (the model is within 15 % of PVGIS almost everywhere). */
const PLACE_MARGIN = 1.3;

/**
 * The most a kWp can make in a year at a place, by the wizard's rule: the local climate model's
 * irradiation on the best of a few equator-facing planes, less the system losses, with a margin for the
 * model's error; at most {@link MAX_SPECIFIC_YIELD}.
 */
export function mostSpecificYield(latitude: number, longitude: number): number {
  const equator = latitude >= 0 ? 180 : 0;
  const best = Math.max(...[0, 0.7, 1, 1.3].map((share) => fallbackIrradiation({ latitude, longitude, tiltDeg: Math.min(90, Math.abs(latitude) * share), azimuthDeg: equator }).annualGti));
  return Math.min(MAX_SPECIFIC_YIELD, best * (1 - SYSTEM_LOSSES) * PLACE_MARGIN);
}

/** Whether two figures agree to the wizard's rounding: within half a percent, and `slack` for what it rounds away. */
function agree(sent: number, expected: number, slack: number): boolean {
  return Math.abs(sent - expected) <= slack + 0.005 * Math.abs(expected);
}

const show = (value: number) => String(Math.round(value * 100) / 100);

/**
 * What does not add up in a design sent for a site report: its figures must be those the Solar Wizard
 * works out from the design's own panels, yields and assumptions. The embed's key is public, so without
 * this anyone could have a report "prepared by" an installer say what they liked (ten panels making 50
 * kWp that pay for themselves in a month). Empty when it all adds up.
 */
export function reportInconsistencies(design: SiteReportDesign): string[] {
  const problems: string[] = [];
  const kwp = (design.panels * design.panelPowerW) / 1000;
  if (!agree(design.kwp, kwp, 0.01)) problems.push(`design.kwp ${show(design.kwp)} is not ${design.panels} panels × ${show(design.panelPowerW)} W = ${show(kwp)} kWp`);
  const months = design.monthlyKwh.reduce((sum, value) => sum + value, 0);
  if (!agree(months, design.annualKwh, 1)) problems.push(`design.monthlyKwh add up to ${show(months)} kWh, not design.annualKwh ${show(design.annualKwh)}`);
  if (design.faces.length > 0) {
    const facePanels = design.faces.reduce((sum, face) => sum + face.panels, 0);
    if (facePanels !== design.panels) problems.push(`design.faces hold ${facePanels} panels, not design.panels ${design.panels}`);
    const faceKwh = design.faces.reduce((sum, face) => sum + face.annualKwh, 0);
    if (!agree(faceKwh, design.annualKwh, 0.1 * design.faces.length + 1)) problems.push(`design.faces yield ${show(faceKwh)} kWh together, not design.annualKwh ${show(design.annualKwh)}`);
  }
  if (design.kwp > 0) {
    const specific = design.annualKwh / design.kwp;
    if (!agree(design.specificYield, specific, 1)) problems.push(`design.specificYield ${show(design.specificYield)} is not design.annualKwh / design.kwp = ${show(specific)} kWh/kWp`);
    const most = mostSpecificYield(design.latitude, design.longitude);
    if (specific > most) problems.push(`${show(specific)} kWh per kWp a year is more than panels make at ${show(design.latitude)}, ${show(design.longitude)} (at most about ${Math.round(most)})`);
  }
  const co2 = design.annualKwh * design.assumptions.co2KgPerKwh;
  if (!agree(design.co2KgPerYear, co2, 1)) problems.push(`design.co2KgPerYear ${show(design.co2KgPerYear)} is not design.annualKwh × design.assumptions.co2KgPerKwh = ${show(co2)}`);
  problems.push(...moneyInconsistencies(design));
  return problems;
}

/** The cost, first-year value, net present value and payback against the wizard's own rule for them. */
function moneyInconsistencies(design: SiteReportDesign): string[] {
  const money = financials(design.kwp, design.annualKwh, { ...design.assumptions, currency: design.assumptions.currency ?? 'EUR' });
  const problems: string[] = [];
  const amounts = [['cost', design.cost, money.cost], ['firstYearValue', design.firstYearValue, money.firstYearValue], ['npv', design.npv, money.npv]] as const;
  for (const [name, sent, expected] of amounts) {
    if (!agree(sent, expected, 1)) problems.push(`design.${name} ${show(sent)} is not the ${show(expected)} the design's power, yield and assumptions give`);
  }
  const payback = money.paybackYears;
  if (payback === undefined ? design.paybackYears !== undefined : design.paybackYears === undefined || !agree(design.paybackYears, payback, 0.05)) {
    problems.push(`design.paybackYears ${design.paybackYears ?? 'absent'} is not the ${payback === undefined ? 'absent (no payback within the lifetime)' : show(payback)} the design's cost and yearly values give`);
  }
  return problems;
}

/** Where a quote request's system and the report sent with it disagree (an e-mail saying one system, its PDF another). */
export function leadReportMismatches(configuration: LeadConfiguration, report: SiteReportDesign): string[] {
  const pairs = [['panels', configuration.panels, report.panels, 0], ['kwp', configuration.kwp, report.kwp, 0.01], ['annualKwh', configuration.annualKwh, report.annualKwh, 1]] as const;
  return pairs
    .filter(([, sent, reported, slack]) => sent !== undefined && !agree(sent, reported, slack))
    .map(([name, sent, reported]) => `configuration.${name} ${show(sent!)} is not the report's ${show(reported)}`);
}
