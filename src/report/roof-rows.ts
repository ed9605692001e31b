import type { ReportRoof } from '../contract/report.ts';
import type { Translator } from '../i18n/index.ts';
import { describeCorrection } from '../domain/roof-correction-text.ts';

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
      return roof.correction ? tr.t('report.roofCorrected', { detail: describeCorrection(tr, roof.correction) }) : tr.t('report.roofModel');
    default:
      return tr.t('report.roofModel');
  }
}
