import type { Static } from 'typebox';
import type { VisitorRoofCorrection } from '../contract/roof-correction.ts';
import type { Translator } from '../i18n/index.ts';

/** Languages that write a roof shape's name in lower case inside a sentence (German keeps its nouns' capitals; English reads either way). */
const LOWER_CASE_SHAPES = new Set(['fr', 'it', 'es', 'nl']);

/**
 * The visitor's roof correction in words, as the site report and the installer's lead write it:
 * "Gabled, 35°, ridge 90° from north" (whole degrees; a flat roof has neither pitch nor ridge).
 *
 * @param lowerCase - the shape's name in lower case (inside a sentence); by default as the language writes it there
 */
export function describeCorrection(tr: Translator, corrected: Static<typeof VisitorRoofCorrection>, lowerCase = LOWER_CASE_SHAPES.has(tr.language)): string {
  const name = tr.t(`shape.${corrected.shape}`);
  const parts = [lowerCase ? name.toLocaleLowerCase(tr.language) : name];
  if (corrected.pitch !== undefined && corrected.shape !== 'flat') parts.push(`${tr.number(corrected.pitch)}°`);
  if (corrected.ridgeDirection !== undefined && corrected.shape !== 'flat') {
    // A single slope's direction is where it faces; other shapes' is their ridge's bearing.
    parts.push(tr.t(corrected.shape === 'skillion' ? 'report.slopeFacing' : 'report.ridge', { deg: tr.number(corrected.ridgeDirection) }));
  }
  return parts.join(', ');
}
