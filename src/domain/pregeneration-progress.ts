/** The counts a progress line is made from (see PregenerationRepository.counts). */
export interface ProgressCounts {
  total: number;
  queued: number;
  alreadyFresh: number;
  ready: number;
  failed: number;
  inProgress: number;
}

/** Where a run stands and how long the rest should take at the rate seen since `since`. */
export interface ProgressEstimate {
  /** Places whose model is ready or failed. */
  done: number;
  remaining: number;
  percent: number;
  /** Models finished per minute since the observation began; undefined before the first one. */
  perMinute: number | undefined;
  /** Seconds left at that rate; undefined while there is no rate yet. */
  etaSeconds: number | undefined;
}

/**
 * Estimates a run's rest from two observations: done counts at the start of watching and now. The
 * rate is the models finished while watching (models fresh before the run do not speed it up).
 */
export function estimateProgress(counts: ProgressCounts, since: { atMs: number; done: number }, nowMs: number): ProgressEstimate {
  const done = counts.ready + counts.failed;
  const remaining = Math.max(0, counts.total - done);
  const minutes = (nowMs - since.atMs) / 60_000;
  const finished = done - since.done;
  const perMinute = finished > 0 && minutes > 0 ? finished / minutes : undefined;
  return {
    done,
    remaining,
    percent: counts.total === 0 ? 100 : (done / counts.total) * 100,
    perMinute,
    etaSeconds: remaining === 0 ? 0 : perMinute ? (remaining / perMinute) * 60 : undefined,
  };
}

/** A duration as people read it: `45 s`, `12 min`, `3 h 20 min`, `2 d 4 h`. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
