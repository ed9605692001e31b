import PDFDocument from 'pdfkit';
import { DEFAULT_PRICES } from '../domain/partner-prices.ts';
import type { SiteReportDesign } from '../contract/report.ts';
import { translator, type Language, type Translator } from '../i18n/index.ts';
import { reportFonts } from './report-fonts.ts';
import { faces } from './face-table.ts';
import { CONTENT_WIDTH, ensureRoom, heading, INK, MUTED, PAGE } from './report-page.ts';
import { roofRows } from './roof-rows.ts';
import { mapCredits } from '../domain/map-credits.ts';
import { pointText } from '../domain/point-text.ts';
import { fontRuns } from './font-runs.ts';

/** Everything one site report shows. */
export interface SiteReportInput {
  design: SiteReportDesign;
  language: Language;
  /** The installer's company name from the portal profile (none on a page without a partner). */
  company?: string | null;
  address?: string;
  /** The 3D view as JPEG or PNG, already checked (see report-snapshot.ts). */
  snapshot?: Buffer;
  made: Date;
  /** Time zone of the site, for the date the report was made. */
  timeZone?: string;
}

const ACCENT = '#d97706';

/**
 * The site report as a PDF (pdfkit, A4): who made it, the site, a snapshot of the 3D design, the
 * system's figures, the monthly yield, the roof faces, and the assumptions and irradiance source behind
 * the figures, all in the visitor's language.
 */
export async function siteReportPdf(input: SiteReportInput): Promise<Buffer> {
  const first = layOut(input, SNAPSHOT_HEIGHT);
  if (first.spill === 0 || !input.snapshot) return first.pdf;
  const floor = layOut(input, MIN_SNAPSHOT_HEIGHT);
  if (floor.spill > 0) {
    // Without the picture, when that keeps the report to one page (a very long address and name); a
    // report that runs over anyway (dozens of faces) keeps the picture whole.
    const bare = layOut({ ...input, snapshot: undefined }, 0);
    const kept = bare.spill === 0 ? bare : first;
    for (const layout of [first, floor, bare]) if (layout !== kept) void layout.pdf.catch(() => undefined);
    return kept.pdf;
  }
  // Else the tallest picture that keeps the report to one page, to within 12 points: what runs over is
  // not simply taken off, since a heading that moved to the next page left room behind it.
  let [fits, runsOver] = [floor, first];
  let [low, high] = [MIN_SNAPSHOT_HEIGHT, SNAPSHOT_HEIGHT];
  while (high - low > 12) {
    const middle = (low + high) / 2;
    const tried = layOut(input, middle);
    if (tried.spill === 0) [fits, low] = [settle(fits, tried), middle];
    else [runsOver, high] = [settle(runsOver, tried), middle];
  }
  void runsOver.pdf.catch(() => undefined);
  return fits.pdf;
}

/** Keeps `kept`, letting the layout given up on finish its stream unobserved. */
function settle<T extends { pdf: Promise<Buffer> }>(dropped: T, kept: T): T {
  void dropped.pdf.catch(() => undefined);
  return kept;
}

/** Height of the view's picture on the page, points, and the least it is shrunk to so that the report keeps to one page. */
const SNAPSHOT_HEIGHT = 215;
const MIN_SNAPSHOT_HEIGHT = 60;

/** The report laid out with the picture `snapshotHeight` points high: the PDF, and how far its content ran onto a second page (0: none). */
function layOut(input: SiteReportInput, snapshotHeight: number): { pdf: Promise<Buffer>; spill: number } {
  const tr = translator(input.language);
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: tr.t('report.title'), Author: input.company ?? '', Subject: coordinates(tr, input.design.roof ?? input.design) },
    lang: input.language,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const pdf = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let pages = 1;
  doc.on('pageAdded', () => (pages += 1));
  const fonts = reportFonts();
  doc.registerFont('body', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  for (const fallback of fonts.fallbacks) doc.registerFont(fallback.name, fallback.file, fallback.postscriptName);

  header(doc, tr, input);
  if (input.snapshot) snapshot(doc, tr, input.snapshot, snapshotHeight, input.design);
  if (input.design.panels > 0) {
    figures(doc, tr, input.design);
    monthlyChart(doc, tr, input.design.monthlyKwh);
    faces(doc, tr, input.design);
  } else {
    doc.font('body').fontSize(11).fillColor(INK).text(tr.t('report.noDesign'));
  }
  assumptions(doc, tr, input.design);
  if (!input.snapshot) credit(doc, tr, input.design);
  const spill = pages > 1 ? doc.y - PAGE.margin + (pages - 2) * (PAGE.height - 2 * PAGE.margin) : 0;
  doc.end();
  return { pdf, spill };
}

/** A point as the report writes it: the designed roof's, else the page's. */
function coordinates(tr: Translator, at: { latitude: number; longitude: number }): string {
  return pointText(tr, at.latitude, at.longitude);
}

/**
 * Text in the body font at (x, y), each character it lacks drawn in the first fallback font that has it
 * (what the visitor or the installer typed: an address in Tokyo); the body font after.
 */
function mixedText(doc: PDFKit.PDFDocument, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions): void {
  const runs = fontRuns(text, reportFonts().drawing);
  runs.forEach((run, i) => {
    const more = { ...options, continued: i < runs.length - 1 };
    doc.font(run.font);
    // Given no place, pdfkit breaks the line before the second run: the first is placed explicitly.
    if (i === 0) doc.text(run.text, x, y, more);
    else doc.text(run.text, more);
  });
  doc.font('body');
}

function header(doc: PDFKit.PDFDocument, tr: Translator, input: SiteReportInput): void {
  doc.font('bold').fontSize(20).fillColor(INK).text(tr.t('report.title'), PAGE.margin, PAGE.margin, { width: CONTENT_WIDTH });
  doc.font('body').fontSize(10).fillColor(MUTED);
  if (input.company) mixedText(doc, tr.t('report.preparedBy', { company: input.company }), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.text(tr.t('report.made', { date: tr.date(input.made, input.timeZone) }), { width: CONTENT_WIDTH });
  heading(doc, tr.t('report.site'));
  const rows: [string, string][] = [];
  if (input.address) rows.push([tr.t('report.address'), input.address]);
  rows.push([tr.t('report.coordinates'), coordinates(tr, input.design.roof ?? input.design)]);
  if (input.design.roof) rows.push(...roofRows(tr, input.design.roof));
  table(doc, rows);
}

function snapshot(doc: PDFKit.PDFDocument, tr: Translator, image: Buffer, height: number, design: SiteReportDesign): void {
  heading(doc, tr.t('report.snapshot'));
  ensureRoom(doc, height);
  const top = doc.y;
  doc.image(image, PAGE.margin, top, { fit: [CONTENT_WIDTH, height], align: 'center', valign: 'center' });
  doc.y = top + height + 2;
  // Over the page's width, not the picture's: under a shrunk picture the credit took two lines, and the
  // line it cost left the picture out.
  credit(doc, tr, design);
}

/** The credit of the map data the picture and the roof come from, right-aligned: under the picture, else at the page's end. */
function credit(doc: PDFKit.PDFDocument, tr: Translator, design: SiteReportDesign): void {
  ensureRoom(doc, 12);
  doc.font('body').fontSize(7.5).fillColor(MUTED).text(tr.t('report.mapData', { credits: mapCredits(design.attribution) }), PAGE.margin, doc.y, { width: CONTENT_WIDTH, align: 'right' });
  doc.x = PAGE.margin;
}

/** Label–value rows, from `x` over `width` points (the label takes 46 % of it); a value may be typed text (an address). */
function table(doc: PDFKit.PDFDocument, rows: [string, string][], x = PAGE.margin, width = CONTENT_WIDTH): void {
  const labelWidth = Math.min(170, width * 0.46);
  for (const [label, value] of rows) {
    ensureRoom(doc, 16);
    const y = doc.y;
    doc.font('body').fontSize(10).fillColor(MUTED).text(label, x, y, { width: labelWidth - 6 });
    const labelBottom = doc.y;
    doc.font('body').fillColor(INK);
    mixedText(doc, value, x + labelWidth, y, { width: width - labelWidth });
    doc.y = Math.max(doc.y, labelBottom) + 2;
  }
  doc.x = PAGE.margin;
}

/** The system's figures (left) beside its money (right). */
function figures(doc: PDFKit.PDFDocument, tr: Translator, design: SiteReportDesign): void {
  ensureRoom(doc, 130);
  const half = CONTENT_WIDTH / 2;
  const top = doc.y;
  heading(doc, tr.t('report.system'));
  const tableTop = doc.y;
  table(doc, [
    [tr.t('figure.panels'), `${tr.number(design.panels)} × ${tr.number(design.panelPowerW)} W`],
    ...(design.panelSize ? [[tr.t('report.panelSize'), `${tr.number(design.panelSize.lengthM, 2)} × ${tr.number(design.panelSize.widthM, 2)} m`] as [string, string]] : []),
    [tr.t('figure.kwp'), tr.t('value.kwp', { value: tr.number(design.kwp, 2) })],
    [tr.t('figure.kwh'), tr.t('value.kwh', { value: tr.number(design.annualKwh) })],
    [tr.t('figure.specific'), tr.t('value.specific', { value: tr.number(design.specificYield) })],
    [tr.t('figure.shading'), tr.percent(design.shadingLoss, 1)],
    [tr.t('figure.co2'), tr.t('value.co2', { value: tr.number(design.co2KgPerYear) })],
  ], PAGE.margin, half - 12);
  const leftBottom = doc.y;
  doc.y = top;
  doc.moveDown(0.6).font('bold').fontSize(12).fillColor(INK).text(tr.t('report.money'), PAGE.margin + half, doc.y, { width: half });
  doc.y = tableTop;
  table(doc, [
    [tr.t('figure.cost'), tr.money(design.cost, currencyOf(design))],
    [tr.t('report.firstYearValue'), tr.money(design.firstYearValue, currencyOf(design))],
    [tr.t('figure.payback'), design.paybackYears === undefined ? tr.t('value.noPayback', { years: design.assumptions.years }) : tr.years(design.paybackYears)],
    [tr.t('figure.npv'), tr.money(design.npv, currencyOf(design))],
  ], PAGE.margin + half, half);
  doc.y = Math.max(doc.y, leftBottom);
}

/** Twelve bars with the month's initial under and its kWh over each. */
function monthlyChart(doc: PDFKit.PDFDocument, tr: Translator, monthlyKwh: number[]): void {
  heading(doc, tr.t('report.monthly'));
  const height = 96;
  ensureRoom(doc, height + 10);
  const top = doc.y;
  const base = top + height - 16;
  const slot = CONTENT_WIDTH / 12;
  const max = Math.max(...monthlyKwh, 1);
  monthlyKwh.forEach((kwh, month) => {
    const barHeight = ((height - 34) * kwh) / max;
    const x = PAGE.margin + month * slot;
    doc.rect(x + 6, base - barHeight, slot - 12, barHeight).fill(ACCENT);
    doc.font('body').fontSize(7.5).fillColor(INK).text(tr.number(kwh), x, base - barHeight - 11, { width: slot, align: 'center', lineBreak: false });
    doc.fontSize(8).fillColor(MUTED).text(tr.month(month, 'narrow'), x, base + 4, { width: slot, align: 'center', lineBreak: false });
  });
  doc.y = top + height + 4;
  doc.x = PAGE.margin;
}

/** The currency of a design's amounts (designs sent without one are in euros). */
function currencyOf(design: SiteReportDesign): string {
  return design.assumptions.currency ?? DEFAULT_PRICES.currency;
}

function assumptions(doc: PDFKit.PDFDocument, tr: Translator, design: SiteReportDesign): void {
  const a = design.assumptions;
  heading(doc, tr.t('report.assumptions'));
  const lines = [
    tr.t('report.assumptionPrices', { cost: tr.money(a.costPerKwp, currencyOf(design)), tariff: tr.price(a.tariff, currencyOf(design)), exportTariff: tr.price(a.exportTariff, currencyOf(design)), self: tr.percent(a.selfConsumption) }),
    tr.t('report.assumptionLife', { years: a.years, degradation: tr.percent(a.degradation, 1), discount: tr.percent(a.discountRate, 1) }),
    tr.t('report.assumptionCo2', { co2: tr.number(a.co2KgPerKwh, 3) }),
    design.fallback ? tr.t('report.fallbackSource') : tr.t('report.source', { source: design.source }),
  ];
  for (const line of lines) {
    ensureRoom(doc, 14);
    doc.font('body').fontSize(9.5).fillColor(INK).text(line, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.2);
  }
  ensureRoom(doc, 24);
  doc.moveDown(0.4).font('body').fontSize(8.5).fillColor(MUTED).text(tr.t('report.disclaimer'), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
}
