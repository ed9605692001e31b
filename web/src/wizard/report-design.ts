import type { SiteReportDesign } from '../../../src/contract/report.ts';
import type { Design } from './design.ts';
import type { WizardChoices } from './wizard-form.ts';

/** A design as the site report takes it: the figures the visitor sees, and the assumptions behind them. */
export function reportDesign(design: Design, choices: WizardChoices, site: { latitude: number; longitude: number }): SiteReportDesign {
  const e = choices.economics;
  return {
    latitude: site.latitude,
    longitude: site.longitude,
    panels: design.panelCount,
    panelPowerW: choices.panel.powerW,
    kwp: design.kwp,
    annualKwh: design.annualKwh,
    monthlyKwh: design.monthlyKwh,
    specificYield: design.specificYield,
    shadingLoss: Math.min(Math.max(design.shadingLoss, 0), 1),
    cost: design.money.cost,
    firstYearValue: design.money.firstYearValue,
    npv: design.money.npv,
    ...(design.money.paybackYears === undefined ? {} : { paybackYears: design.money.paybackYears }),
    co2KgPerYear: design.co2KgPerYear,
    faces: design.faces.map((face) => ({ ...face, azimuthDeg: ((face.azimuthDeg % 360) + 360) % 360, tiltDeg: Math.min(Math.max(face.tiltDeg, 0), 90) })),
    assumptions: {
      currency: e.currency,
      costPerKwp: e.costPerKwp,
      tariff: e.tariff,
      exportTariff: e.exportTariff,
      selfConsumption: e.selfConsumption,
      degradation: e.degradation,
      discountRate: e.discountRate,
      years: e.years,
      co2KgPerKwh: e.co2KgPerKwh,
    },
    source: design.source.slice(0, 200),
    fallback: design.fallback,
  };
}
