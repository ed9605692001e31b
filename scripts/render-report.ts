import fs from 'node:fs';
import sharp from 'sharp';
import { siteReportPdf } from '../src/report/site-report-pdf.ts';
import { readSnapshot } from '../src/report/report-snapshot.ts';
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="1280" height="720" fill="#9cc3e6"/><rect y="420" width="1280" height="300" fill="#6b8f4e"/><polygon points="400,420 640,260 880,420" fill="#b45309"/><rect x="520" y="320" width="80" height="50" fill="#1e3a8a"/></svg>`;
const jpeg = await sharp(Buffer.from(svg)).jpeg().toBuffer();
const snap = await readSnapshot(`data:image/jpeg;base64,${jpeg.toString('base64')}`);
const design = { latitude: 47.141, longitude: 9.5209, panels: 14, panelPowerW: 440, kwp: 6.16, annualKwh: 5900.4, monthlyKwh: [180, 260, 420, 560, 650, 690, 720, 650, 520, 360, 210, 150], specificYield: 958, shadingLoss: 0.043, cost: 8624, firstYearValue: 930.2, npv: 3100.5, paybackYears: 9.4, co2KgPerYear: 1475, faces: [{ azimuthDeg: 180, tiltDeg: 35, panels: 10, annualKwh: 4600 }, { azimuthDeg: 90, tiltDeg: 35, panels: 4, annualKwh: 1300.4 }], assumptions: { costPerKwp: 1400, tariff: 0.3, exportTariff: 0.08, selfConsumption: 0.35, degradation: 0.005, discountRate: 0.04, years: 20, co2KgPerKwh: 0.25 }, source: 'PVGIS-SARAH3', fallback: false };
for (const language of ['de', 'fr'] as const) {
  const t0 = performance.now();
  const pdf = await siteReportPdf({ design, language, company: 'Sonnendach GmbH', address: 'Städtle 1, 9490 Vaduz', snapshot: snap, made: new Date('2026-11-23T11:00:00Z'), timeZone: 'Europe/Vaduz' });
  console.log(language, pdf.length, Math.round(performance.now() - t0), 'ms');
  fs.writeFileSync(`/tmp/rep/${language}.pdf`, pdf);
}
