import type { RateLimitRepository } from '../db/rate-limit-repository.ts';
import { RateLimitedError, type RateLimitState } from '../domain/rate-limited-error.ts';

export const HOUR_MS = 60 * 60 * 1000;

/** A limit: how many requests per window in one bucket, and what to say when it is exceeded. */
export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowMs: number;
  message: string;
}

/**
 * Counts a request against its sliding window.
 *
 * @returns the limit's state after counting, for the `RateLimit-*` headers
 * @throws RateLimitedError when the window is full (the request is not counted)
 */
export async function consumeRateLimit(limits: RateLimitRepository, rule: RateLimitRule, now: Date): Promise<RateLimitState> {
  const decision = await limits.consume(rule.bucket, rule.limit, rule.windowMs, now);
  const state = { limit: decision.limit, remaining: decision.remaining, resetSeconds: decision.resetSeconds };
  if (!decision.allowed) throw new RateLimitedError(rule.message, state);
  return state;
}
