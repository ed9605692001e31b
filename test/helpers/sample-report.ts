import sharp from 'sharp';
import type { SiteReportDesign } from '../../src/contract/report.ts';
import { financials } from '../../src/solar-design/index.ts';

/** The shape of a year's yield in Vaduz, January first (scaled to a design's yearly yield). */
const MONTH_SHARES = [190, 280, 460, 610, 720, 760, 790, 720, 570, 390, 230, 180.4].map((kwh) => kwh / 5900.4);

const SAMPLE_ASSUMPTIONS: SiteReportDesign['assumptions'] = { costPerKwp: 1400, tariff: 0.3, exportTariff: 0.08, selfConsumption: 0.35, degradation: 0.005, discountRate: 0.04, years: 20, co2KgPerKwh: 0.25 };

/**
 * A design as the wizard sends it, its figures worked out as the wizard works them out from its roof
 * faces and assumptions: panels, peak power, yields by month and face, CO₂, cost and return.
 */
export function sampleDesign(faces: SiteReportDesign['faces'], assumptions: SiteReportDesign['assumptions'] = SAMPLE_ASSUMPTIONS): SiteReportDesign {
  const panels = faces.reduce((sum, face) => sum + face.panels, 0);
  const kwp = (panels * 440) / 1000;
  const annualKwh = faces.reduce((sum, face) => sum + face.annualKwh, 0);
  const money = financials(kwp, annualKwh, { ...assumptions, currency: assumptions.currency ?? 'EUR' });
  return {
    latitude: 47.141,
    longitude: 9.5209,
    panels,
    panelPowerW: 440,
    kwp,
    annualKwh,
    monthlyKwh: MONTH_SHARES.map((share) => Math.round(share * annualKwh * 10) / 10),
    specificYield: kwp > 0 ? Math.round(annualKwh / kwp) : 0,
    shadingLoss: 0.043,
    cost: money.cost,
    firstYearValue: money.firstYearValue,
    npv: money.npv,
    ...(money.paybackYears === undefined ? {} : { paybackYears: money.paybackYears }),
    co2KgPerYear: annualKwh * assumptions.co2KgPerKwh,
    faces,
    assumptions,
    source: 'PVGIS-SARAH3',
    fallback: false,
  };
}

/** 14 panels on two faces of a roof in Vaduz. */
export const SAMPLE_DESIGN: SiteReportDesign = sampleDesign([
  { azimuthDeg: 180, tiltDeg: 35, panels: 10, annualKwh: 4600 },
  { azimuthDeg: 90, tiltDeg: 35, panels: 4, annualKwh: 1300.4 },
]);

/** The colour of the roof in {@link sampleSnapshot}, to find it again in a rendered page. */
export const SNAPSHOT_ROOF_RGB = [180, 83, 9] as const;

/** A stand-in for the viewer's snapshot: sky, ground and a roof with panels, 800 × 450, as a data URL. */
export async function sampleSnapshot(type: 'jpeg' | 'png' = 'jpeg'): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><rect width="800" height="450" fill="#9cc3e6"/><rect y="260" width="800" height="190" fill="#6b8f4e"/><polygon points="250,260 400,140 550,260" fill="rgb(${SNAPSHOT_ROOF_RGB.join(',')})"/><rect x="330" y="190" width="60" height="35" fill="#1e3a8a"/></svg>`;
  const image = sharp(Buffer.from(svg));
  const bytes = type === 'jpeg' ? await image.jpeg({ quality: 90 }).toBuffer() : await image.png().toBuffer();
  return `data:image/${type};base64,${bytes.toString('base64')}`;
}
