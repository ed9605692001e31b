import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type { CoveringFont } from './font-runs.ts';

/**
 * The report's fonts: DejaVu Sans (regular and bold), embedded in each report as a subset, has the
 * letters of every language the report speaks and of most addresses a visitor types (Latin, Greek,
 * Cyrillic, Hebrew, Arabic) and signs like ₂ and €, which the PDF standard fonts (WinAnsi) lack. What it
 * has no glyph for (Chinese, Japanese and Korean, most emoji) is drawn from the machine's fallback fonts
 * ({@link FALLBACK_FONT_FILES}) where they are installed. Read once.
 */
export interface ReportFonts {
  regular: Buffer;
  bold: Buffer;
  fallbacks: FallbackFont[];
  /** The fonts typed text is drawn with, in the order tried: the regular one (registered as `body`), then the fallbacks. */
  drawing: CoveringFont[];
}

/** A font of the machine a report draws the characters DejaVu Sans lacks with (registered under its `name`). */
export interface FallbackFont extends CoveringFont {
  file: string;
  /** The font's name in a collection file (`.ttc`). */
  postscriptName?: string;
}

/**
 * Fallback fonts tried in this order, where installed (Debian packages): Droid Sans Fallback
 * (fonts-droid-fallback: Chinese and Japanese, 7 MB), Noto Sans CJK (fonts-noto-cjk: Korean, which
 * Droid lacks), Symbola (fonts-symbola: emoji and symbols, in outline).
 */
export const FALLBACK_FONT_FILES = [
  '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf',
];

let fonts: ReportFonts | undefined;

export function reportFonts(): ReportFonts {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const read = (name: string) => fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
    const regular = read('DejaVuSans.ttf');
    const main = fontkit.create(regular) as fontkit.Font;
    const fallbacks = FALLBACK_FONT_FILES.flatMap(openFallback);
    fonts = { regular, bold: read('DejaVuSans-Bold.ttf'), fallbacks, drawing: [{ name: 'body', covers: (codePoint) => main.hasGlyphForCodePoint(codePoint) }, ...fallbacks] };
  }
  return fonts;
}

/** The fallback font in `file`, or none when it is not installed or cannot be read. */
function openFallback(file: string, index: number): FallbackFont[] {
  if (!fs.existsSync(file)) return [];
  try {
    const opened = fontkit.openSync(file);
    // A collection (.ttc) holds the same glyphs in several regional styles: its first font is taken.
    const font = 'fonts' in opened ? opened.fonts[0] : opened;
    return [{ name: `fallback${index}`, file, ...('fonts' in opened ? { postscriptName: font.postscriptName } : {}), covers: (codePoint) => font.hasGlyphForCodePoint(codePoint) }];
  } catch {
    return [];
  }
}
