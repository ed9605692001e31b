/** The state of a rate limit after a check (what the `RateLimit-*` headers report). */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the oldest counted request leaves the window, i.e. until one more request is allowed. */
  resetSeconds: number;
}

/** A request over its rate limit (HTTP 429); the message is meant for the caller. */
export class RateLimitedError extends Error {
  readonly state: RateLimitState;
  constructor(message: string, state: RateLimitState) {
    super(message);
    this.state = state;
  }
}
