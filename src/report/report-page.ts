/** The site report's A4 page (points), its type colours, and the compass points its roof faces are named by. */
export const PAGE = { width: 595.28, height: 841.89, margin: 42 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const INK = '#0f172a';
export const MUTED = '#475569';
export const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

/** A section's heading, on a new page when less than room for it and a little of its content is left. */
export function heading(doc: PDFKit.PDFDocument, text: string): void {
  ensureRoom(doc, 60);
  doc.moveDown(0.6).font('bold').fontSize(12).fillColor(INK).text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.25);
}

/** Starts a new page when less than `height` points are left on this one. */
export function ensureRoom(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > PAGE.height - PAGE.margin) doc.addPage();
}

