import type { ViewerSettings } from '../../../src/domain/viewer-settings.ts';
import { t } from '../viewer/language.ts';
import { isShortcut } from '../viewer/shortcut-keys.ts';
import { pointerIsTouch } from '../viewer/touch-screen.ts';

/** What the wizard's buttons and keyboard shortcut do. */
export interface WizardActions {
  toggle(): void;
  close(): void;
  startOver(): void;
  placeOnHouse(): void;
}

/**
 * Wires the wizard's buttons: the toggle (shown), close (also Escape in the panel), start over and the house's roof, the `P` shortcut, and the
 * upgrade link the preview shows.
 */
export function wireWizardControls(document: Document, settings: ViewerSettings, toggle: HTMLButtonElement, actions: WizardActions): void {
  document.getElementById('wizard-upgrade')!.hidden = settings.wizardAccess !== 'preview';
  const upgrade = document.getElementById('wizard-upgrade-link') as HTMLAnchorElement;
  if (settings.upgradeUrl?.startsWith('/')) upgrade.href = settings.upgradeUrl;
  if (settings.upgradeUrl === '/partner') upgrade.textContent = t('wizard.upgradePortal');
  toggle.hidden = false;
  if (pointerIsTouch(document.defaultView!)) nameForAWhile(document, toggle);
  toggle.addEventListener('click', () => actions.toggle());
  document.getElementById('wizard-close')!.addEventListener('click', () => actions.close());
  document.getElementById('wizard-start-over')!.addEventListener('click', () => actions.startOver());
  document.getElementById('wizard-my-house')!.addEventListener('click', () => actions.placeOnHouse());
  // Escape closes the panel, as it closes the quote dialog; an open list keeps its own Escape.
  document.getElementById('side-panel')!.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !event.defaultPrevented && !(event.target instanceof HTMLSelectElement)) actions.close();
  });
  document.addEventListener('keydown', (event) => {
    if (isShortcut(event, 'p')) actions.toggle();
  });
}

/** How long the wizard's button says its name beside it on a touch screen, unless the visitor touches the page first (ms). */
const HINT_MS = 8000;

/**
 * Writes the wizard button's name beside it (`data-hint`, drawn by viewer.css) on a touch screen, where no
 * tooltip does, until the visitor first touches the page or for {@link HINT_MS}.
 */
function nameForAWhile(document: Document, toggle: HTMLButtonElement): void {
  toggle.dataset.hint = t('wizard.toggleLabel');
  const hide = () => {
    delete toggle.dataset.hint;
    document.removeEventListener('pointerdown', hide, true);
  };
  document.addEventListener('pointerdown', hide, true);
  setTimeout(hide, HINT_MS);
}
