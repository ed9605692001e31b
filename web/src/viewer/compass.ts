import type { Viewer } from './viewer.ts';

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
    button.setAttribute('aria-label', `Compass: the view faces ${heading}° from north. Turn to face north`);
  });
  button.addEventListener('click', () => viewer.faceNorth());
}
