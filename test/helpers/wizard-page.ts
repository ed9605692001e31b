import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './screenshot-dir.ts';
import { firstPagePng, pdfImages, pdfText, pdfToolsSkipReason } from './pdf-tools.ts';
import { distinctColours, readPng } from './screenshot-pixels.ts';

/** What the Solar Wizard's panel says of its design: its `data-*` attributes (state, roof, panels, …). */
export function wizardState(frame: Page | Frame): Promise<Record<string, string | undefined>> {
  return frame.evaluate(() => ({ ...document.getElementById('side-panel')?.dataset }));
}

/** Waits until the wizard has finished a design (or stopped with a message), and returns what it says. */
export async function wizardSettled(frame: Page | Frame, timeout = 60_000): Promise<Record<string, string | undefined>> {
  await frame.waitForFunction(() => ['done', 'error', 'empty'].includes(document.getElementById('side-panel')?.dataset.state ?? ''), null, { timeout });
  return wizardState(frame);
}

/**
 * Downloads the site report of the design on screen and reads it: a one-page PDF with the design's
 * panels and the snapshot of the 3D view (a real picture: many colours), saved as a PNG for docs/.
 */
export async function downloadsReport(page: Page, design: Record<string, string | undefined>): Promise<void> {
  assert.ok(await page.locator('#wizard-report').isVisible(), 'the download button is shown');
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.locator('#wizard-report').click()]);
  assert.equal(download.suggestedFilename(), 'site-report.pdf');
  const pdf = fs.readFileSync((await download.path())!);
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  if (pdfToolsSkipReason()) return;
  const text = pdfText(pdf);
  assert.ok(text.includes('Solar site report'), text);
  assert.ok(text.includes(`${design.panels} × 440 W`), `the report has the design's ${design.panels} panels:\n${text}`);
  assert.ok(text.includes('Irradiance: PVGIS'), 'and the irradiance source');
  assert.ok(text.includes('Map data: © OpenStreetMap contributors (ODbL 1.0)'), `and the credit of the model's map data:\n${text}`);
  const [image] = pdfImages(pdf);
  assert.ok(image && image.width >= 800, `the snapshot is in the PDF (${JSON.stringify(image)})`);
  const rendered = firstPagePng(pdf, 80);
  assert.ok(distinctColours(readPng(rendered)) > 60, 'the page shows the 3D view, not a blank picture');
  fs.writeFileSync(path.join(SCREENSHOT_DIR, 'site-report.png'), rendered);
}
