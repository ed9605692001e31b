import { NO_BUILDINGS, NO_BUILDINGS_MESSAGE, type ModelJob } from '../../../src/contract/models.ts';
import type { ModelInfo } from './viewer.ts';

/**
 * Says so when a model holds no building (outside the map data, or at sea) instead of showing bare
 * ground without a word. `#app` carries `data-empty="true"` while the message shows.
 */
export class EmptyPlaceMessage {
  readonly #app: HTMLElement;
  readonly #element: HTMLElement;

  constructor(document: Document) {
    this.#app = document.getElementById('app')!;
    this.#element = document.createElement('section');
    this.#element.id = 'empty-place';
    this.#element.setAttribute('role', 'status');
    this.#element.hidden = true;
    this.#element.innerHTML = `<h2>${NO_BUILDINGS_MESSAGE}</h2><p>OpenStreetMap has no buildings around this point, so there is no roof to design on. Search another address, or move to a street with houses.</p>`;
    this.#app.append(this.#element);
  }

  /** Shows the message when the job or the model says it holds no building; hides it otherwise. */
  update(job: ModelJob, info: ModelInfo): void {
    const empty = job.metadata?.reason === NO_BUILDINGS || info.buildings === 0;
    this.#element.hidden = !empty;
    if (empty) this.#app.dataset.empty = 'true';
    else delete this.#app.dataset.empty;
  }

  hide(): void {
    this.#element.hidden = true;
    delete this.#app.dataset.empty;
  }
}
