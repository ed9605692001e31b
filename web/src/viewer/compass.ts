import type { Viewer } from './viewer.ts';
import { t } from './language.ts';

/** The compass: its needle points north on screen; a click turns the view to face north. */
export function setUpCompass(document: Document, viewer: Viewer): void {
  const button = document.getElementById('compass') as HTMLButtonElement;
  const needle = document.getElementById('compass-needle')!;
  let shown = Number.NaN;
  viewer.onRender(() => {
    const heading = Math.round(viewer.heading());
    if (heading === shown) return;
    shown = heading;
    needle.setAttribute('transform', `rotate(${-heading} 20 20)`);
    button.setAttribute('aria-label', t('compass.heading', { heading }));
  });
  button.addEventListener('click', () => viewer.faceHeading(0));
}
