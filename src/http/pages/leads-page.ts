import type { Lead } from '../../db/leads-repository.ts';
import { describeConfiguration } from '../../domain/lead.ts';
import { page, type PageViewer } from './layout.ts';
import { html } from './safe-html.ts';

/** `/partner/leads`: quote requests, newest first, a page at a time, with the CSV export. */
export function leadsPage(viewer: PageViewer, leads: Lead[], pageNumber: number, pages: number, total: number): string {
  const rows = leads.map((lead) => html`<tr>
<td>${lead.createdAt.toISOString().slice(0, 16).replace('T', ' ')}</td>
<td><strong>${lead.name}</strong><br><a href="mailto:${lead.email}">${lead.email}</a>${lead.phone ? html`<br>${lead.phone}` : undefined}</td>
<td>${lead.address}</td>
<td>${describeConfiguration(lead.configuration)}</td>
<td>${lead.message}</td>
<td>${lead.pageUrl ?? '—'}</td></tr>`);
  const link = (n: number, label: string) => html`<a href="/partner/leads?page=${n}">${label}</a>`;
  return page('Leads', html`<h1>Leads</h1>
<p class="lead">${total} quote ${total === 1 ? 'request' : 'requests'} from the viewer on your site. <a href="/partner/leads.csv">Download all as CSV</a> · <a href="/partner">Back to the portal</a></p>
<section class="card">${leads.length > 0
    ? html`<table><caption class="visually-hidden">Leads, newest first</caption><thead><tr><th scope="col">Received (UTC)</th><th scope="col">Contact</th><th scope="col">Address</th><th scope="col">System</th><th scope="col">Message</th><th scope="col">Page</th></tr></thead><tbody>${rows}</tbody></table>
<p>${pageNumber > 1 ? link(pageNumber - 1, '← Newer') : undefined} Page ${pageNumber} of ${pages} ${pageNumber < pages ? link(pageNumber + 1, 'Older →') : undefined}</p>`
    : html`<p>No leads yet. Turn lead capture on in your profile, and the viewer on your site shows a “Get a quote” button.</p>`}</section>`, viewer);
}
