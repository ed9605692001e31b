import sharp from 'sharp';
import type { SiteReportDesign } from '../../src/contract/report.ts';

/** A design as the wizard sends it: 14 panels on two faces of a roof in Vaduz. */
export const SAMPLE_DESIGN: SiteReportDesign = {
  latitude: 47.141,
  longitude: 9.5209,
  panels: 14,
  panelPowerW: 440,
  kwp: 6.16,
  annualKwh: 5900.4,
  monthlyKwh: [180, 260, 420, 560, 650, 690, 720, 650, 520, 360, 210, 150.4],
  specificYield: 958,
  shadingLoss: 0.043,
  cost: 8624,
  firstYearValue: 930.2,
  npv: 3100.5,
  paybackYears: 9.4,
  co2KgPerYear: 1475.1,
  faces: [
    { azimuthDeg: 180, tiltDeg: 35, panels: 10, annualKwh: 4600 },
    { azimuthDeg: 90, tiltDeg: 35, panels: 4, annualKwh: 1300.4 },
  ],
  assumptions: { costPerKwp: 1400, tariff: 0.3, exportTariff: 0.08, selfConsumption: 0.35, degradation: 0.005, discountRate: 0.04, years: 20, co2KgPerKwh: 0.25 },
  source: 'PVGIS-SARAH3',
  fallback: false,
};

/** The colour of the roof in {@link sampleSnapshot}, to find it again in a rendered page. */
export const SNAPSHOT_ROOF_RGB = [180, 83, 9] as const;

/** A stand-in for the viewer's snapshot: sky, ground and a roof with panels, 800 × 450, as a data URL. */
export async function sampleSnapshot(type: 'jpeg' | 'png' = 'jpeg'): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><rect width="800" height="450" fill="#9cc3e6"/><rect y="260" width="800" height="190" fill="#6b8f4e"/><polygon points="250,260 400,140 550,260" fill="rgb(${SNAPSHOT_ROOF_RGB.join(',')})"/><rect x="330" y="190" width="60" height="35" fill="#1e3a8a"/></svg>`;
  const image = sharp(Buffer.from(svg));
  const bytes = type === 'jpeg' ? await image.jpeg({ quality: 90 }).toBuffer() : await image.png().toBuffer();
  return `data:image/${type};base64,${bytes.toString('base64')}`;
}
