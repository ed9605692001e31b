import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * DejaVu Sans (regular and bold), embedded in each report as a subset: it has the letters of every
 * language the report speaks and of any address a visitor types (Latin, Greek, Cyrillic), and signs
 * like ₂ and €, which the PDF standard fonts (WinAnsi) lack. Read once.
 */
export interface ReportFonts {
  regular: Buffer;
  bold: Buffer;
}

let fonts: ReportFonts | undefined;

export function reportFonts(): ReportFonts {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const read = (name: string) => fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
    fonts = { regular: read('DejaVuSans.ttf'), bold: read('DejaVuSans-Bold.ttf') };
  }
  return fonts;
}
