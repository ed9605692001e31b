import type { ModelJob } from '../../../src/contract/models.ts';
import { formats, t } from './language.ts';

/** The loading card: the job's real step and percentage while the model is made, then a retry on failure. */
export class LoadingOverlay {
  readonly #app: HTMLElement;
  readonly #title: HTMLElement;
  readonly #step: HTMLElement;
  readonly #bar: HTMLProgressElement;
  readonly #percent: HTMLElement;
  readonly #retry: HTMLButtonElement;

  constructor(document: Document) {
    this.#app = document.getElementById('app')!;
    this.#title = document.getElementById('loading-title')!;
    this.#step = document.getElementById('loading-step')!;
    this.#bar = document.getElementById('loading-bar') as HTMLProgressElement;
    this.#percent = document.getElementById('loading-percent')!;
    this.#retry = document.getElementById('retry') as HTMLButtonElement;
  }

  /** Shows a job's state as the service reports it. */
  showJob(job: ModelJob): void {
    this.#app.dataset.state = 'loading';
    this.#setTitle(t(job.status === 'ready' ? 'loading.opening' : 'loading.building'));
    if (job.status === 'pending') this.#show(t('loading.waiting'), undefined);
    else if (job.status === 'processing') this.#show(job.step ? `${job.step}…` : t('loading.generating'), job.progress ?? 0);
  }

  /** Shows the model download (the last part of loading). */
  showDownload(fraction: number | undefined): void {
    this.#setTitle(t('loading.opening'));
    this.#show(t('loading.downloading'), fraction === undefined ? undefined : 100 * fraction);
  }

  /** Shows why the model could not be shown, and a retry button that calls `retry` (none without it). */
  fail(message: string, retry?: () => void, detail?: string): void {
    this.#app.dataset.state = 'failed';
    this.#title.textContent = t('loading.failed');
    this.#step.textContent = message;
    // The service's own reason, for whoever looks closer (a tooltip, the page's data, the console).
    if (detail) {
      this.#step.title = detail;
      this.#step.dataset.reason = detail;
      console.warn(`The model could not be generated: ${detail}`);
    } else {
      this.#step.removeAttribute('title');
      delete this.#step.dataset.reason;
    }
    this.#retry.hidden = !retry;
    if (!retry) return;
    this.#retry.onclick = () => {
      this.#retry.hidden = true;
      retry();
    };
    this.#retry.focus();
  }

  hide(): void {
    this.#app.dataset.state = 'ready';
  }

  /**
   * The page opens with "Opening the 3D model" and says "Building" only when the model must be made: a
   * cached model's card keeps its first words, so its first paint stays the page's largest one.
   */
  #setTitle(title: string): void {
    if (this.#title.textContent !== title) this.#title.textContent = title;
  }

  #show(step: string, percent: number | undefined): void {
    // The same words are not written again at each progress event: a new text node is painted anew,
    // and the browser then counts the card's step as the page's largest paint again, later.
    if (this.#step.textContent !== step) this.#step.textContent = step;
    if (percent === undefined) {
      this.#bar.removeAttribute('value');
      this.#percent.textContent = '';
    } else {
      const rounded = Math.max(0, Math.min(100, Math.round(percent)));
      this.#bar.value = rounded;
      this.#percent.textContent = formats().percent(rounded / 100);
    }
  }
}
