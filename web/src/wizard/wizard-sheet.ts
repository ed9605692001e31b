import { t } from '../viewer/language.ts';

/** Screens at most this wide show the wizard as a sheet at the bottom (the same width as in viewer.css). */
const NARROW = '(max-width: 560px)';

/**
 * The Solar Wizard's panel as a bottom sheet on narrow screens: collapsed (title, status, Start over)
 * so the roof stays in view and taps reach it, or expanded to show the design and its settings. On
 * wide screens the panel is always whole and the toggle is not shown. `onChange` runs whenever the
 * space the panel covers may have changed.
 */
export class WizardSheet {
  readonly #panel: HTMLElement;
  readonly #toggle: HTMLButtonElement;
  readonly #narrow: MediaQueryList;
  readonly #onChange: () => void;

  constructor(document: Document, onChange: () => void) {
    this.#panel = document.getElementById('side-panel')!;
    this.#toggle = document.getElementById('wizard-sheet') as HTMLButtonElement;
    this.#narrow = document.defaultView!.matchMedia(NARROW);
    this.#onChange = onChange;
    this.#toggle.addEventListener('click', () => this.expand(this.#panel.dataset.sheet !== 'expanded'));
    this.#narrow.addEventListener('change', () => onChange());
    new ResizeObserver(() => onChange()).observe(this.#panel);
    this.expand(false);
  }

  /** Whether the wizard is a bottom sheet (a narrow screen). */
  get narrow(): boolean {
    return this.#narrow.matches;
  }

  /** Expands or collapses the sheet (on wide screens the panel shows everything either way). */
  expand(expanded: boolean): void {
    this.#panel.dataset.sheet = expanded ? 'expanded' : 'collapsed';
    this.#toggle.setAttribute('aria-expanded', String(expanded));
    // The other state's label lies hidden in the same place, so the button is as large in both: a
    // label that wraps in one state only (German's "Entwurf ausblenden") would move the sheet's content.
    const label = this.#toggle.ownerDocument.createElement('span');
    const spare = this.#toggle.ownerDocument.createElement('span');
    label.textContent = t(expanded ? 'wizard.hideDesign' : 'wizard.showDesign');
    spare.textContent = t(expanded ? 'wizard.showDesign' : 'wizard.hideDesign');
    spare.className = 'spare-label';
    spare.setAttribute('aria-hidden', 'true');
    this.#toggle.replaceChildren(label, spare);
    this.#onChange();
  }
}
