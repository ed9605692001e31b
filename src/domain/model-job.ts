import type { ModelStatus } from '../contract/models.ts';

/** SPEC.md: a ready model is served from cache for 30 days, then generated again. */
export const MODEL_CACHE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a POST for an existing job means, given its state and age. */
export type RequestOutcome = 'cache_hit' | 'in_progress' | 'regenerate';

/**
 * Decides what a new request for an existing model job does: a fresh ready model is a cache hit, a job
 * in the queue or being generated is joined, and a failed or expired one is generated again.
 */
export function outcomeForExistingJob(status: ModelStatus, completedAt: Date | null, now: Date): RequestOutcome {
  if (status === 'pending' || status === 'processing') return 'in_progress';
  if (status === 'ready' && completedAt !== null && completedAt.getTime() > freshnessCutoff(now).getTime()) return 'cache_hit';
  return 'regenerate';
}

/**
 * The freshness rule in one place: a ready model completed after this moment is fresh; at or before it,
 * expired. The repository's SQL uses the same cutoff.
 */
export function freshnessCutoff(now: Date): Date {
  return new Date(now.getTime() - MODEL_CACHE_DAYS * DAY_MS);
}
