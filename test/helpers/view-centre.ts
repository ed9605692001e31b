import type { Frame, Page } from 'playwright-core';

/**
 * The middle of the part of the 3D view that no panel covers (the wizard beside it on a desktop, or its
 * sheet below on a phone, and the time bar), in the page's coordinates: where the viewer draws what it
 * looks at (web/src/viewer/view-insets.ts), so a click there lands on the chosen roof.
 */
export async function freeViewCentre(page: Page, frame: Frame = page.mainFrame()): Promise<{ x: number; y: number }> {
  const offset = frame === page.mainFrame() ? { x: 0, y: 0 } : (await (await frame.frameElement()).boundingBox())!;
  const free = await frame.evaluate(() => {
    const stage = document.getElementById('stage')!.getBoundingClientRect();
    const panel = document.getElementById('side-panel')!.getBoundingClientRect();
    const time = document.getElementById('time-panel')!.getBoundingClientRect();
    const sheet = panel.width > stage.width * 0.6;
    const left = panel.width > 0 && !sheet ? panel.right - stage.left : 0;
    const bottom = Math.max(sheet ? stage.bottom - panel.top : 0, time.height > 0 ? stage.bottom - time.top : 0);
    return { x: stage.left + (left + stage.width) / 2, y: stage.top + (stage.height - bottom) / 2 };
  });
  return { x: offset.x + free.x, y: offset.y + free.y };
}

/** Clicks the middle of the free part of the 3D view, where the camera's target is drawn. */
export async function clickViewCentre(page: Page): Promise<void> {
  const centre = await freeViewCentre(page);
  await page.mouse.click(centre.x, centre.y);
}
