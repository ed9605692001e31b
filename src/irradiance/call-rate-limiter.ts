/**
 * Spaces calls so that no more than `perSecond` start in any one second (a token bucket of size
 * `perSecond`, refilled continuously). Callers over the rate wait their turn instead of failing.
 */
export class CallRateLimiter {
  readonly #perSecond: number;
  readonly #now: () => number;
  #tokens: number;
  #updatedAt: number;
  #queue: Promise<void> = Promise.resolve();

  constructor(perSecond: number, now: () => number = () => performance.now()) {
    this.#perSecond = perSecond;
    this.#now = now;
    this.#tokens = perSecond;
    this.#updatedAt = now();
  }

  /** Resolves when the caller may start its call. */
  acquire(): Promise<void> {
    const turn = this.#queue.then(() => this.#take());
    this.#queue = turn;
    return turn;
  }

  async #take(): Promise<void> {
    for (;;) {
      const now = this.#now();
      this.#tokens = Math.min(this.#perSecond, this.#tokens + ((now - this.#updatedAt) / 1000) * this.#perSecond);
      this.#updatedAt = now;
      if (this.#tokens >= 1) {
        this.#tokens -= 1;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(((1 - this.#tokens) / this.#perSecond) * 1000)));
    }
  }
}
