import type { RateLimitState } from '../domain/rate-limited-error.ts';

/** The `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers of a limit's state. */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'ratelimit-limit': String(state.limit),
    'ratelimit-remaining': String(state.remaining),
    'ratelimit-reset': String(state.resetSeconds),
  };
}
