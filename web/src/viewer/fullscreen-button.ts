import type { Notice } from './notice.ts';

const NOT_ALLOWED = 'Fullscreen is not available here: this browser or the page showing the viewer does not allow it (an iframe needs allow="fullscreen").';

/**
 * The fullscreen toggle. Inside an iframe it works when the host page gave `allow="fullscreen"`;
 * otherwise (or on browsers without the API, like iPhone Safari for pages) it says so instead.
 */
export function setUpFullscreen(document: Document, notice: Notice): void {
  const button = document.getElementById('fullscreen') as HTMLButtonElement;
  const root = document.documentElement;
  const update = (): void => {
    const active = document.fullscreenElement !== null;
    button.setAttribute('aria-pressed', String(active));
    button.title = active ? 'Leave fullscreen' : 'Fullscreen';
  };
  document.addEventListener('fullscreenchange', update);
  button.addEventListener('click', () => {
    if (document.fullscreenElement) {
      void document.exitFullscreen();
      return;
    }
    if (!document.fullscreenEnabled || typeof root.requestFullscreen !== 'function') {
      notice.show(NOT_ALLOWED);
      return;
    }
    root.requestFullscreen().catch(() => notice.show(NOT_ALLOWED));
  });
}
