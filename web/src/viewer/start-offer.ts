import type { ViewerSettings } from './settings.ts';
import { t } from './language.ts';

/**
 * Whether the page waits for the visitor before it opens the 3D view: a partner's embed on a touch
 * screen (phone or tablet), unless the embed asks to start at once (`autostart`). Opening the view
 * there costs about a megabyte and seconds of the phone's main thread — which, on Android, a framed
 * page often shares with the installer's own page — for a place that is mostly not the visitor's
 * house: the start card lets the visitor search their address first, or open this place with a tap.
 * Desktops and `/viewer` (a page the visitor opened for its model) start at once.
 */
export function waitsForVisitor(settings: ViewerSettings, window: Window): boolean {
  return settings.mode === 'embed' && !settings.autostart && window.matchMedia('(hover: none) and (pointer: coarse)').matches;
}

/**
 * The start card: the loading card's place, saying what the view shows, with a "Show in 3D" button.
 * Resolves `started` on the button, or when the page starts the view itself (an address was chosen).
 */
export class StartOffer {
  readonly started: Promise<void>;
  #resolve!: () => void;
  readonly #document: Document;
  readonly #app: HTMLElement;
  readonly #button: HTMLButtonElement;

  constructor(document: Document) {
    this.#document = document;
    this.#app = document.getElementById('app')!;
    this.#button = document.getElementById('start-3d') as HTMLButtonElement;
    this.started = new Promise((resolve) => {
      this.#resolve = resolve;
    });
    this.#button.addEventListener('click', () => this.accept(), { once: true });
  }

  /** Shows the card in the page's language (call once the language is loaded). */
  show(): void {
    this.#app.dataset.state = 'offer';
    this.#document.getElementById('loading-title')!.textContent = t('offer.title');
    this.#document.getElementById('loading-step')!.textContent = t('offer.text');
    this.#button.hidden = false;
  }

  /** Starts the view: the card turns into the loading card. */
  accept(): void {
    // The button hides: the keyboard goes on from the address box (else from the view) rather than the page's start.
    const hadFocus = this.#document.activeElement === this.#button;
    this.#button.hidden = true;
    if (hadFocus) (this.#document.getElementById('place-input') ?? this.#document.getElementById('stage'))?.focus();
    this.#app.dataset.state = 'loading';
    this.#document.getElementById('loading-title')!.textContent = t('loading.opening');
    this.#document.getElementById('loading-step')!.textContent = t('loading.asking');
    this.#resolve();
  }
}
