import type { ReportRoof, SiteReportDesign } from '../../../src/contract/report.ts';
import type { RoofCorrection } from '../../../src/modelgen/browser.ts';
import { DEFAULT_LAYOUT } from '../../../src/solar-design/index.ts';
import type { Design } from './design.ts';
import type { PickedRoof } from './roof-picker.ts';

/**
 * The designed roof as the site report names it: its building, where it is, how the roof is known (the
 * building's metadata, as the wizard told the visitor; `dataset`, the survey of a measured roof).
 */
export function reportRoof(roof: PickedRoof, at: { latitude: number; longitude: number }, correction: RoofCorrection | undefined, dataset: string | undefined): ReportRoof {
  const extras = roof.node.userData as { roofSource?: string; roofConfidence?: number };
  const source = extras.roofSource ?? '';
  const known: Pick<ReportRoof, 'source' | 'confidence' | 'dataset' | 'correction'> = correction
    ? { source: 'corrected', correction }
    : dataset !== undefined
      ? { source: 'measured', dataset: dataset.slice(0, 100) }
      : source === 'osm-tag' || source === 'inferred' || source === 'default'
        ? { source, ...(source === 'inferred' && extras.roofConfidence !== undefined ? { confidence: extras.roofConfidence } : {}) }
        : { source: 'model' };
  return { id: roof.osmId, ...at, ...known };
}

/** What a report says of the model a design was made on. */
export interface ReportedModel {
  /** The designed roof, once the visitor chose one. */
  roof?: ReportRoof;
  /** The roof's faces, by the design's face index (their areas, and which carry racks). */
  segments?: readonly { area: number; pitch: number }[];
  /** The model's credits, as its file names them. */
  attribution?: string;
}

/** A design as the site report takes it: the figures the visitor sees, and the assumptions behind them. */
export function reportDesign(design: Design, site: { latitude: number; longitude: number }, { roof, segments, attribution }: ReportedModel = {}): SiteReportDesign {
  // The assumptions and panel the figures were worked out with, not the fields' values now: the service
  // works the figures out again from them and refuses figures that do not add up.
  const e = design.economics;
  return {
    latitude: site.latitude,
    longitude: site.longitude,
    panels: design.panelCount,
    panelPowerW: design.panel.powerW,
    panelSize: { lengthM: design.panel.length, widthM: design.panel.width },
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
    faces: design.faces.map(({ face, ...figures }) => ({
      ...figures,
      azimuthDeg: ((figures.azimuthDeg % 360) + 360) % 360,
      tiltDeg: Math.min(Math.max(figures.tiltDeg, 0), 90),
      // The layout puts racks on faces flatter than this: their tilt is the racks', not the roof's.
      ...(segments?.[face] ? { areaM2: Math.round(segments[face].area * 10) / 10, racks: segments[face].pitch < DEFAULT_LAYOUT.flatRoofBelowDeg } : {}),
    })),
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
    ...(roof ? { roof } : {}),
    ...(attribution ? { attribution: attribution.slice(0, 500) } : {}),
  };
}
