import { t } from '../viewer/language.ts';

/** The panel colours (see `yieldColour` in panel-meshes.ts) at the yield shares they stand for. */
const STOPS = [
  { colour: 'best', share: 1 },
  { colour: 'good', share: 11 / 12 },
  { colour: 'fair', share: 10 / 12 },
  { colour: 'poor', share: 0.75 },
] as const;

/**
 * Fills the legend of the panel colours. With the figures (`bestPanelKwh` given) each colour says how
 * many kWh a year a panel of that colour makes; without them (the preview) it says it in words only,
 * so no yield figure reaches the page.
 */
export function fillYieldLegend(legend: HTMLElement, bestPanelKwh: number | undefined, format: (kwh: number) => string): void {
  const document = legend.ownerDocument;
  const swatch = (colour: string) => Object.assign(document.createElement('span'), { className: `swatch ${colour}` });
  const item = (colour: string, text: string) => {
    const entry = document.createElement('span');
    entry.className = 'legend-item';
    entry.append(swatch(colour), text);
    return entry;
  };
  const title = document.createElement('span');
  title.className = 'legend-title';
  if (bestPanelKwh === undefined || bestPanelKwh <= 0) {
    title.textContent = t('legend.colours');
    legend.replaceChildren(title, item('best', t('legend.most')), item('fair', t('legend.some')), item('poor', t('legend.quarter')));
    return;
  }
  title.textContent = t('legend.coloursKwh');
  legend.replaceChildren(title, ...STOPS.map((stop, i) => item(stop.colour, i === STOPS.length - 1 ? t('legend.orLess', { value: format(bestPanelKwh * stop.share) }) : format(bestPanelKwh * stop.share))));
}
