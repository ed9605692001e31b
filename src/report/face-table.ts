import type { SiteReportDesign } from '../contract/report.ts';
import type { Translator } from '../i18n/index.ts';
import { COMPASS, CONTENT_WIDTH, ensureRoom, heading, INK, MUTED, PAGE } from './report-page.ts';

/** More roof faces than this go in two tables side by side, so that the report keeps to one page. */
const SIDE_BY_SIDE_FACES = 5;
const FACE_ROW = 15;

/** The report's roof faces: their table (two side by side past five faces) and the racks' note. */
export function faces(doc: PDFKit.PDFDocument, tr: Translator, design: SiteReportDesign): void {
  if (design.faces.length === 0) return;
  const tables = design.faces.length > SIDE_BY_SIDE_FACES ? 2 : 1;
  const rows = Math.ceil(design.faces.length / tables);
  // The heading goes with its table: where the whole table does not fit below, both start a page (64
  // faces, the most a design has, are 33 rows side by side: always within a page).
  ensureRoom(doc, (rows + 1) * FACE_ROW + 40);
  heading(doc, tr.t('report.faces'));
  const top = doc.y;
  let bottom = top;
  const width = tables === 1 ? CONTENT_WIDTH : CONTENT_WIDTH / 2 - 8;
  // Both tables' columns are worked out from all the faces, so that they line up side by side.
  const table = faceCells(tr, design.faces);
  const columns = columnWidths(doc, [table.header, ...table.rows], width, width < CONTENT_WIDTH ? 8.5 : 9.5);
  for (let k = 0; k < tables; k++) {
    doc.y = top;
    faceTable(doc, table.header, table.rows.slice(k * rows, (k + 1) * rows), PAGE.margin + k * (CONTENT_WIDTH / 2 + 8), columns);
    bottom = Math.max(bottom, doc.y);
  }
  doc.y = bottom;
  // On a flat face the tilt is the racks', not the roof's: an installer prices another mounting.
  if (design.faces.some((face) => face.racks)) {
    ensureRoom(doc, 14);
    doc.font('body').fontSize(9.5).fillColor(INK).text(tr.t('report.racks'), PAGE.margin, doc.y + 2, { width: CONTENT_WIDTH });
  }
  doc.x = PAGE.margin;
}

/** The faces' table as text: its header and a row a face (the area column when the design gives areas). */
function faceCells(tr: Translator, list: SiteReportDesign['faces']): { header: string[]; rows: string[][] } {
  // The faces' areas when the design gives them (an installer checks the layout against the roof's size).
  const areas = list.some((face) => face.areaM2 !== undefined);
  const header = ['#', tr.t('report.facing'), tr.t('report.tilt'), ...(areas ? [tr.t('report.faceArea')] : []), tr.t('report.panelCount'), tr.t('report.faceYield')];
  const rows = list.map((face, i) => {
    const direction = tr.t(`direction.${COMPASS[Math.round(face.azimuthDeg / 45) % 8]}`);
    const azimuth = Math.round(face.azimuthDeg) % 360;
    const area = areas ? [face.areaM2 === undefined ? '—' : `${tr.number(face.areaM2)} m²`] : [];
    return [String(i + 1), `${direction} (${tr.number(azimuth)}°)`, `${tr.number(face.tiltDeg)}°${face.racks ? ' *' : ''}`, ...area, tr.number(face.panels), tr.number(face.annualKwh)];
  });
  return { header, rows };
}

/** One table of roof faces at `x`, in the columns given. */
function faceTable(doc: PDFKit.PDFDocument, header: string[], rows: string[][], x: number, { widths, size }: { widths: number[]; size: number }): void {
  const row = (cells: string[], font: 'body' | 'bold') => {
    // A table running onto the next page starts there with its header again.
    if (font === 'body' && doc.y + FACE_ROW + 1 > PAGE.height - PAGE.margin) {
      doc.addPage();
      row(header, 'bold');
    }
    ensureRoom(doc, FACE_ROW + 1);
    const y = doc.y;
    let left = x;
    cells.forEach((cell, i) => {
      // One line a cell: a word too long for its column is cut short with an ellipsis, never broken.
      doc.font(font).fontSize(size).fillColor(font === 'bold' ? MUTED : INK).text(cell, left, y, { width: widths[i] - 3, height: size * 1.4, ellipsis: true, align: i === 0 || i === 1 ? 'left' : 'right', lineBreak: false });
      left += widths[i];
    });
    doc.y = y + FACE_ROW;
  };
  row(header, 'bold');
  for (const line of rows) row(line, 'body');
}

/**
 * Widths of a table's columns over `width` points: each as wide as its widest cell (headers in bold), the
 * room left shared out evenly; where the cells need more than there is, the type is made smaller (down
 * to 7 points) so that no header breaks inside a word.
 */
function columnWidths(doc: PDFKit.PDFDocument, rows: string[][], width: number, size: number): { widths: number[]; size: number } {
  const needed = rows[0].map((_, column) => Math.max(...rows.map((cells, r) => doc.font(r === 0 ? 'bold' : 'body').fontSize(size).widthOfString(cells[column]))) + 5);
  const total = needed.reduce((sum, w) => sum + w, 0);
  if (total > width) return { widths: needed.map((w) => (w * width) / total), size: Math.max(7, (size * width) / total) };
  return { widths: needed.map((w) => w + (width - total) / needed.length), size };
}

