import type { ViewerSettings } from '../../../src/domain/viewer-settings.ts';
import type { LeadConfiguration } from '../../../src/contract/leads.ts';
import type { ReportContent } from './report-download.ts';
import { formats, t } from './language.ts';

/**
 * The partner's "Get a quote" form (shown only when the partner has lead capture on). It sends the
 * visitor's details and the system on screen to the service; the answer says whether it went through,
 * and once it has, the form gives way to it and a Close button. The address the visitor searched
 * (`searched`) fills the house's address field while it is empty.
 */
export function setUpQuoteForm(document: Document, settings: ViewerSettings, configuration: () => LeadConfiguration, report: () => Promise<ReportContent | undefined>, searched: () => string | undefined): void {
  const leadForm = settings.leadForm;
  if (!leadForm || !settings.key) return;
  const button = document.getElementById('quote-button') as HTMLButtonElement;
  const dialog = document.getElementById('quote-dialog') as HTMLDialogElement;
  const form = document.getElementById('quote-form') as HTMLFormElement;
  const status = document.getElementById('quote-status')!;
  const send = document.getElementById('quote-send') as HTMLButtonElement;
  const company = leadForm.company ?? t('quote.theInstaller');
  document.getElementById('quote-consent-text')!.textContent = t('quote.consent', { company });
  document.getElementById('quote-intro')!.textContent = t('quote.intro', { company });
  const privacy = document.getElementById('quote-privacy') as HTMLAnchorElement;
  if (leadForm.privacyUrl && /^https?:\/\//i.test(leadForm.privacyUrl)) {
    privacy.href = leadForm.privacyUrl;
    privacy.hidden = false;
  }
  button.hidden = false;
  const address = form.elements.namedItem('address') as HTMLInputElement;
  button.addEventListener('click', () => {
    document.getElementById('quote-configuration')!.textContent = describe(configuration());
    if (!address.value.trim()) address.value = searched() ?? '';
    dialog.dataset.state = 'open';
    status.textContent = '';
    dialog.showModal();
  });
  document.getElementById('quote-close')!.addEventListener('click', () => dialog.close());
  const done = document.getElementById('quote-done') as HTMLButtonElement;
  done.addEventListener('click', () => dialog.close());
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim();
    send.disabled = true;
    status.textContent = t('quote.sending');
    try {
      // The wizard's design goes along as the site report (a PDF for the installer) with a snapshot of the view.
      const content = await report();
      const response = await fetch('/api/viewer/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          key: settings.key,
          name: field('name'),
          email: field('email'),
          ...(field('phone') ? { phone: field('phone') } : {}),
          address: field('address'),
          message: field('message'),
          consent: (form.elements.namedItem('consent') as HTMLInputElement).checked,
          website: field('website'),
          configuration: configuration(),
          language: document.documentElement.lang,
          ...(content ? { report: content.design, snapshot: content.snapshot } : {}),
          ...(document.referrer ? { pageUrl: document.referrer.slice(0, 500) } : {}),
        }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string; error?: string };
      dialog.dataset.state = response.ok ? 'sent' : 'error';
      status.textContent = response.ok ? (body.message ?? t('quote.thanks')) : (body.error ?? t('quote.refused', { status: response.status }));
      if (response.ok) {
        form.reset();
        done.focus();
      }
    } catch {
      dialog.dataset.state = 'error';
      status.textContent = t('quote.connectionFailed');
    } finally {
      send.disabled = false;
    }
  });
}

function describe(configuration: LeadConfiguration): string {
  const f = formats();
  const figures = { panels: configuration.panels ?? 0, kwp: f.number(configuration.kwp ?? 0, 2), kwh: f.number(configuration.annualKwh ?? 0) };
  const use = configuration.monthlyUseKwh;
  const design = !configuration.panels ? t('quote.noDesign') : use === undefined ? t('quote.design', figures) : t('quote.designForUse', { ...figures, use: f.number(use) });
  return t('quote.sentWith', { latitude: f.number(configuration.latitude, 5), longitude: f.number(configuration.longitude, 5), design });
}
