import type { Lead } from '../../db/leads-repository.ts';
import { designLines, roofLocation, roofMapUrl } from '../../domain/lead.ts';
import { page, type PageViewer } from './layout.ts';
import { html } from './safe-html.ts';
import { mailtoLink } from './mailto-link.ts';

/** The design a lead carries, a fact a line, with the roof linked to its page on the map. */
function systemCell(lead: Lead) {
  const { configuration } = lead;
  const lines = designLines(configuration).filter((line) => !line.startsWith('Roof:'));
  const link = roofMapUrl(configuration);
  const at = roofLocation(configuration);
  const roof = configuration.roof
    ? html`Roof: ${link ? html`<a href="${link}" rel="noopener noreferrer" target="_blank">${configuration.roof}</a>` : configuration.roof}${at ? ` at ${at}` : ''}<br>`
    : at ? html`Roof at ${at}<br>` : undefined;
  return html`${roof}${lines.map((line) => html`${line}<br>`)}<span class="hint">Viewer centre ${configuration.latitude.toFixed(5)}, ${configuration.longitude.toFixed(5)}</span>`;
}

/** `/partner/leads`: quote requests, newest first, a page at a time, with the CSV export. */
export function leadsPage(viewer: PageViewer, leads: Lead[], pageNumber: number, pages: number, total: number): string {
  // Each cell names its column (data-label), so on a phone a lead reads as a card of labelled lines.
  const rows = leads.map((lead) => html`<tr>
<td data-label="Received (UTC)">${lead.createdAt.toISOString().slice(0, 16).replace('T', ' ')}</td>
<td data-label="Contact"><strong>${lead.name}</strong><br><a href="${mailtoLink(lead.email)}">${lead.email}</a>${lead.phone ? html`<br>${lead.phone}` : undefined}</td>
<td data-label="Address">${lead.address}</td>
<td data-label="System">${systemCell(lead)}</td>
<td data-label="Message">${lead.message}</td>
<td data-label="Page">${lead.pageUrl ?? '—'}</td></tr>`);
  const link = (n: number, label: string) => html`<a href="/partner/leads?page=${n}">${label}</a>`;
  return page('Leads', html`<h1>Leads</h1>
<p class="lead">${total} quote ${total === 1 ? 'request' : 'requests'} from the viewer on your site. <a href="/partner/leads.csv">Download all as CSV</a> · <a href="/partner">Back to the portal</a></p>
<section class="card">${leads.length > 0
    ? html`<table class="stack-on-phone"><caption class="visually-hidden">Leads, newest first</caption><thead><tr><th scope="col">Received (UTC)</th><th scope="col">Contact</th><th scope="col">Address</th><th scope="col">System</th><th scope="col">Message</th><th scope="col">Page</th></tr></thead><tbody>${rows}</tbody></table>
<p>${pageNumber > 1 ? link(pageNumber - 1, '← Newer') : undefined} Page ${pageNumber} of ${pages} ${pageNumber < pages ? link(pageNumber + 1, 'Older →') : undefined}</p>`
    : html`<p>No leads yet. Turn lead capture on in your profile, and the viewer on your site shows a “Get a quote” button.</p>`}</section>`, viewer);
}
