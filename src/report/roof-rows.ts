import type { ReportRoof } from '../contract/report.ts';
import type { Translator } from '../i18n/index.ts';

/** Languages that write a roof shape's name in lower case inside a sentence (German keeps its nouns' capitals; English reads either way). */
const LOWER_CASE_SHAPES = new Set(['fr', 'it', 'es', 'nl']);

/**
 * The site report's lines about the designed roof: the building it is on and how its roof is known
 * (mapped, measured, guessed and how surely, unknown, corrected by hand), so that an installer knows
 * what to check on site before quoting.
 */
export function roofRows(tr: Translator, roof: ReportRoof): [string, string][] {
  return [
    [tr.t('report.roof'), /^(way|relation)\//.test(roof.id) ? `${roof.id} (OpenStreetMap)` : roof.id],
    [tr.t('report.roofKnown'), howKnown(tr, roof)],
  ];
}

function howKnown(tr: Translator, roof: ReportRoof): string {
  switch (roof.source) {
    case 'osm-tag':
      return tr.t('report.roofMapped');
    case 'measured':
      return tr.t('report.roofMeasured', { dataset: roof.dataset ?? '' });
    case 'inferred':
      return roof.confidence === undefined ? tr.t('report.roofGuessed') : tr.t('report.roofGuessedSure', { percent: tr.percent(roof.confidence) });
    case 'default':
      return tr.t('report.roofUnknown');
    case 'corrected':
      return roof.correction ? tr.t('report.roofCorrected', { detail: correction(tr, roof.correction) }) : tr.t('report.roofModel');
    default:
      return tr.t('report.roofModel');
  }
}

/** "Gabled, 35°, ridge 90° from north", in the report's language. */
function correction(tr: Translator, corrected: NonNullable<ReportRoof['correction']>): string {
  const name = tr.t(`shape.${corrected.shape}`);
  const parts = [LOWER_CASE_SHAPES.has(tr.language) ? name.toLocaleLowerCase(tr.language) : name];
  if (corrected.pitch !== undefined && corrected.shape !== 'flat') parts.push(`${tr.number(corrected.pitch)}°`);
  if (corrected.ridgeDirection !== undefined && corrected.shape !== 'flat') {
    // A single slope's direction is where it faces; other shapes' is their ridge's bearing.
    parts.push(tr.t(corrected.shape === 'skillion' ? 'report.slopeFacing' : 'report.ridge', { deg: tr.number(corrected.ridgeDirection) }));
  }
  return parts.join(', ');
}
