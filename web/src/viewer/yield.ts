/**
 * Lets the page handle input and paint before going on: long set-up work split at these points becomes
 * several short tasks instead of one long one (what Lighthouse counts as blocking time).
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return nextTask();
}

/**
 * Resolves in a new task, after those already queued (the service's answer, the GLB's arrival), unlike
 * {@link yieldToPage}, whose continuation goes before them.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Calls `work` when the page is next idle (no input, no frame due), or after `timeoutMs` at the latest;
 * where the browser cannot tell idleness (Safari), a second later.
 */
export function whenIdle(work: () => void, timeoutMs = 3000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: timeoutMs });
  else setTimeout(work, 1000);
}
