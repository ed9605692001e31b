/** A short message over the view that goes away by itself. */
export class Notice {
  readonly #element: HTMLElement;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(document: Document) {
    this.#element = document.getElementById('notice')!;
  }

  show(message: string, durationMs = 6000): void {
    this.#element.textContent = message;
    this.#element.hidden = false;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#element.hidden = true;
    }, durationMs);
  }
}
