import { NO_BUILDINGS, type ModelJob } from '../../../src/contract/models.ts';
import { t } from './language.ts';
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
    const title = document.createElement('h2');
    title.textContent = t('empty.title');
    const text = document.createElement('p');
    text.textContent = t('empty.text');
    this.#element.append(title, text);
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
