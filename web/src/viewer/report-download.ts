import type { SiteReportDesign } from '../../../src/contract/report.ts';
import type { ViewerSettings } from '../../../src/domain/viewer-settings.ts';
import { t } from './language.ts';
import type { Notice } from './notice.ts';

/** The design and the snapshot of the 3D view a site report is made of, and the address the visitor searched. */
export interface ReportContent {
  design: SiteReportDesign;
  snapshot: string;
  address?: string;
}

/**
 * The wizard's "Download the report (PDF)" button: sends the design and a snapshot of the 3D view to
 * the service, which makes the PDF (with the installer's name, from the embed's key), and saves it.
 * Shown with the full wizard only (the preview's figures are locked).
 */
export function setUpReportDownload(document: Document, settings: ViewerSettings, notice: Notice, content: () => Promise<ReportContent | undefined>): void {
  const button = document.getElementById('wizard-report') as HTMLButtonElement;
  button.hidden = settings.wizardAccess !== 'full';
  button.addEventListener('click', async () => {
    // Marked busy, not disabled: a disabled button loses the keyboard's focus to the page's start.
    if (button.getAttribute('aria-disabled') === 'true') return;
    const label = button.textContent;
    button.setAttribute('aria-disabled', 'true');
    button.textContent = t('reportButton.making');
    try {
      const report = await content();
      if (!report) return;
      const response = await fetch('/api/viewer/report', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...(settings.key ? { key: settings.key } : {}), language: document.documentElement.lang, ...report }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { error?: string };
        throw new Error(body.error ?? String(response.status));
      }
      save(document, await response.blob(), 'site-report.pdf');
    } catch (error) {
      notice.show(t('reportButton.failed', { reason: error instanceof Error ? error.message : String(error) }));
    } finally {
      button.removeAttribute('aria-disabled');
      button.textContent = label;
    }
  });
}

/** Hands a file to the browser's downloads. */
function save(document: Document, blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
