import type { Page } from 'playwright-core';

/** How responsive a page stayed: the longest gap between animation frames and the longest task (ms). */
export interface Responsiveness {
  gap: number;
  task: number;
}

/**
 * Requests an animation frame every tick and watches long tasks while `during` runs, then reports the
 * longest frame gap and the longest main-thread task: the pauses a visitor would feel.
 */
export async function responsiveness(page: Page, during: () => Promise<void>): Promise<Responsiveness> {
  await page.evaluate(() => {
    const state = ((window as unknown as { probe: { last: number; gap: number; task: number; on: boolean } }).probe = { last: performance.now(), gap: 0, task: 0, on: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.task = Math.max(state.task, entry.duration);
    }).observe({ type: 'longtask' });
    const tick = (now: number) => {
      state.gap = Math.max(state.gap, now - state.last);
      state.last = now;
      if (state.on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await during();
  return page.evaluate(() => {
    const state = (window as unknown as { probe: { gap: number; task: number; on: boolean } }).probe;
    state.on = false;
    return { gap: state.gap, task: state.task };
  });
}
