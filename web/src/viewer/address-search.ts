import './address-search.css';
import type { Place, PlaceSearchAnswer } from '../../../src/contract/places.ts';
import { t } from './language.ts';

/** Pause in typing before a search is sent (ms): one request per pause, not per key. */
const TYPING_PAUSE_MS = 250;
const MIN_CHARACTERS = 3;
const LIMIT = 5;

/** Where the visitor wants to look. */
export interface ChosenPlace {
  latitude: number;
  longitude: number;
  label: string;
}

export interface AddressSearchOptions {
  /** The embed's key: its partner's search area applies. */
  key?: string;
  /** The page's current location, to rank nearby places first. */
  near: () => { latitude: number; longitude: number };
  onChoose: (place: ChosenPlace) => void;
  fetch?: typeof fetch;
}

/**
 * The address search of the viewer pages: a type-ahead combobox (ARIA 1.2: arrows move through the
 * places, Enter chooses, Escape closes, a tap chooses) and a "use my location" button that asks the
 * browser for the position only when pressed. Built into `#app` by script, so the page's markup stays
 * as it is where search is not wanted.
 */
export class AddressSearch {
  readonly #options: AddressSearchOptions;
  readonly #form: HTMLFormElement;
  readonly #input: HTMLInputElement;
  readonly #list: HTMLUListElement;
  readonly #status: HTMLElement;
  #places: Place[] = [];
  #active = -1;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #request: AbortController | undefined;

  constructor(document: Document, options: AddressSearchOptions) {
    this.#options = options;
    this.#form = document.createElement('form');
    this.#form.id = 'place-search';
    this.#form.setAttribute('role', 'search');
    this.#form.noValidate = true;
    this.#form.innerHTML = `
      <label class="visually-hidden" for="place-input"></label>
      <div class="place-row">
        <input id="place-input" type="search" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="place-list"
          autocomplete="off" autocapitalize="off" spellcheck="false" enterkeyhint="search" maxlength="200">
        <button id="place-locate" type="button">
          <svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="4" fill="currentColor"/><path d="M12 2v3M12 19v3M2 12h3M19 12h3" stroke="currentColor" stroke-width="2" stroke-linecap="round"/><circle cx="12" cy="12" r="7.5" fill="none" stroke="currentColor" stroke-width="1.8"/></svg>
        </button>
      </div>
      <ul id="place-list" role="listbox" hidden></ul>
      <p id="place-status" role="status" aria-live="polite"></p>`;
    // First after the view: the keyboard reaches the address before the buttons (the start card says "search your address above").
    document.getElementById('stage')!.after(this.#form);
    this.#input = this.#form.querySelector('#place-input')!;
    this.#list = this.#form.querySelector('#place-list')!;
    this.#status = this.#form.querySelector('#place-status')!;
    // Words in the page's language, set as text (never as markup).
    this.#form.querySelector('label')!.textContent = t('search.label');
    this.#input.placeholder = t('search.placeholder');
    this.#list.setAttribute('aria-label', t('search.list'));
    const locate = this.#form.querySelector('#place-locate')!;
    locate.setAttribute('title', t('search.locate'));
    locate.setAttribute('aria-label', t('search.locate'));
    this.#input.addEventListener('input', () => this.#typed());
    this.#input.addEventListener('keydown', (event) => this.#key(event));
    this.#input.addEventListener('blur', () => setTimeout(() => this.#close(), 150));
    this.#form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (this.#places.length > 0) this.#choose(Math.max(this.#active, 0));
      else void this.#search(this.#input.value);
    });
    // A press on a place must not blur the input first (the list would close under the finger).
    this.#list.addEventListener('pointerdown', (event) => event.preventDefault());
    this.#list.addEventListener('click', (event) => {
      const option = (event.target as HTMLElement).closest<HTMLElement>('[role="option"]');
      if (option) this.#choose(Number(option.dataset.index));
    });
    this.#form.querySelector('#place-locate')!.addEventListener('click', () => this.#locate());
  }

  /**
   * Says what happened under the box, or what went wrong. A `quiet` line (what the page shows anyway: the
   * list of places, the chosen address in the box, the view moving) is for screen readers only: shown, it
   * would lie over the buttons under the box.
   */
  say(text: string, quiet = false): void {
    this.#status.textContent = text;
    this.#status.classList.toggle('visually-hidden', quiet);
  }

  #typed(): void {
    clearTimeout(this.#timer);
    const text = this.#input.value.trim();
    if (text.length < MIN_CHARACTERS) {
      this.#show([]);
      this.say('');
      return;
    }
    this.#timer = setTimeout(() => void this.#search(text), TYPING_PAUSE_MS);
  }

  async #search(text: string): Promise<void> {
    if (text.trim().length < 2) return;
    this.#request?.abort();
    const request = new AbortController();
    this.#request = request;
    const near = this.#options.near();
    const params = new URLSearchParams({ q: text.trim(), limit: String(LIMIT), lat: near.latitude.toFixed(5), lng: near.longitude.toFixed(5) });
    if (this.#options.key) params.set('key', this.#options.key);
    try {
      const response = await (this.#options.fetch ?? fetch)(`/api/viewer/places?${params}`, { signal: request.signal });
      const body = (await response.json().catch(() => ({}))) as Partial<PlaceSearchAnswer> & { error?: string };
      if (request !== this.#request) return;
      if (!response.ok) {
        this.#show([]);
        this.say(body.error ?? t('search.answered', { status: response.status }));
        return;
      }
      const places = body.places ?? [];
      this.#show(places);
      if (places.length === 0) this.say(t('search.none'));
      else this.say(t('search.found', { count: places.length }), true);
    } catch (error) {
      if ((error as Error).name !== 'AbortError') this.say(t('search.unreachable'));
    }
  }

  #show(places: Place[]): void {
    this.#places = places;
    this.#active = -1;
    this.#list.replaceChildren(...places.map((place, index) => {
      const option = document.createElement('li');
      option.id = `place-option-${index}`;
      option.setAttribute('role', 'option');
      option.setAttribute('aria-selected', 'false');
      option.dataset.index = String(index);
      option.textContent = place.label;
      return option;
    }));
    this.#list.hidden = places.length === 0;
    this.#input.setAttribute('aria-expanded', String(places.length > 0));
    this.#input.removeAttribute('aria-activedescendant');
  }

  #key(event: KeyboardEvent): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (this.#places.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      this.#highlight((this.#active + step + this.#places.length) % this.#places.length);
    } else if (event.key === 'Escape') {
      if (this.#places.length > 0) {
        event.preventDefault();
        this.#close();
      } else if (this.#input.value) {
        event.preventDefault();
        this.#input.value = '';
        this.say('');
      }
    }
  }

  #highlight(index: number): void {
    this.#active = index;
    for (const option of this.#list.children) option.setAttribute('aria-selected', String(option.id === `place-option-${index}`));
    this.#input.setAttribute('aria-activedescendant', `place-option-${index}`);
    this.#list.children[index]?.scrollIntoView({ block: 'nearest' });
  }

  #close(): void {
    this.#list.hidden = true;
    this.#input.setAttribute('aria-expanded', 'false');
    this.#input.removeAttribute('aria-activedescendant');
    this.#active = -1;
  }

  #choose(index: number): void {
    const place = this.#places[index];
    if (!place) return;
    this.#input.value = place.label;
    this.#show([]);
    this.say(t('search.showing', { label: place.label }), true);
    this.#options.onChoose({ latitude: place.latitude, longitude: place.longitude, label: place.label });
  }

  /** "Use my location": the browser asks the visitor now, never before this press. */
  #locate(): void {
    if (!('geolocation' in navigator)) {
      this.say(t('search.noGeolocation'));
      return;
    }
    this.say(t('search.locating'));
    navigator.geolocation.getCurrentPosition(
      (position) => {
        this.say(t('search.located'), true);
        this.#options.onChoose({ latitude: position.coords.latitude, longitude: position.coords.longitude, label: t('search.myLocation') });
      },
      (error) => this.say(t(error.code === error.PERMISSION_DENIED ? 'search.denied' : 'search.notLocated')),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }
}
