import type { Notice } from './notice.ts';
import { t } from './language.ts';

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
    button.title = t(active ? 'fullscreen.leave' : 'fullscreen.enter');
  };
  document.addEventListener('fullscreenchange', update);
  button.addEventListener('click', () => {
    if (document.fullscreenElement) {
      void document.exitFullscreen();
      return;
    }
    if (!document.fullscreenEnabled || typeof root.requestFullscreen !== 'function') {
      notice.show(t('fullscreen.notAllowed'));
      return;
    }
    root.requestFullscreen().catch(() => notice.show(t('fullscreen.notAllowed')));
  });
}
