import type { Account } from '../../db/accounts-repository.ts';
import type { ApiKeySummary } from '../../db/api-keys-repository.ts';
import type { UsageRow } from '../../db/usage-repository.ts';
import { planAllowsApi } from '../../domain/plans.ts';
import { formatBoundingBox } from '../../domain/search-area.ts';
import { notice, page, type PageViewer } from './layout.ts';
import { html, type SafeHtml } from './safe-html.ts';
import { mailtoLink } from './mailto-link.ts';
import type { PricesForm } from '../../services/partner-profile-service.ts';

/** Everything the portal's overview shows. */
export interface PortalView {
  viewer: PageViewer;
  account: Account;
  keys: ApiKeySummary[];
  usage: UsageRow[];
  publicBaseUrl: string;
  /** The place the embed snippet and its preview show. */
  place: { latitude: number; longitude: number };
  /** Whether the partner chose the place ("Show this place"): the portal's forms then keep it. */
  placeChosen?: boolean;
  /** How plans are sold: Stripe checkout buttons, or a note on how to ask. */
  billing: 'stripe' | 'manual';
  /** Where to write to change the plan when billing is manual (SUPPORT_EMAIL). */
  supportEmail?: string;
  info?: string;
  error?: string;
  /** The price fields as typed, when saving them failed. */
  typedPrices?: PricesForm;
  /** The profile's fields as typed, when saving them failed. */
  typedProfile?: ProfileForm;
  /** The search area's fields as typed, when saving them failed. */
  typedSearchArea?: { countries: string; box: string };
}

/** The profile form's fields as sent. */
export interface ProfileForm {
  companyName: string;
  leadCapture: boolean;
  notificationEmail: string;
  privacyUrl: string;
}

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '—');
const csrfField = (viewer: PageViewer) => html`<input type="hidden" name="_csrf" value="${viewer.csrfToken}">`;
/** A form's anti-forgery value, and the place the partner chose for the embed, which saving keeps. */
const formFields = (view: PortalView) =>
  html`${csrfField(view.viewer)}${view.placeChosen ? html`<input type="hidden" name="lat" value="${String(view.place.latitude)}"><input type="hidden" name="lng" value="${String(view.place.longitude)}">` : undefined}`;

/** `/partner`: plan, API keys, embed, profile and usage on one page. */
export function portalPage(view: PortalView): string {
  const business = planAllowsApi(view.account.plan);
  return page('Partner Portal', html`
<h1>Partner Portal</h1>
<p class="lead">${view.account.companyName ?? view.account.email} · plan <span class="badge ${business ? 'business' : ''}">${view.account.plan}</span>${business ? html` · <a href="/partner/leads">Leads</a>` : undefined}</p>
${notice('ok', view.info)}${notice('error', view.error)}
${view.account.emailVerified ? undefined : html`<p class="message error" role="alert">Please confirm your e-mail address with the link we sent you. Keys and leads need a confirmed address.</p>`}
${business ? keysCard(view) : planCard(view)}
${business ? embedCard(view) : undefined}
${business ? pricesCard(view) : undefined}
${profileCard(view)}
${business ? usageCard(view.usage) : undefined}
${business && view.billing === 'stripe' ? manageCard(view) : undefined}`, view.viewer);
}

function planCard(view: PortalView): SafeHtml {
  const account = view.account;
  return html`<section class="card" aria-labelledby="plan-title"><h2 id="plan-title">API keys need the Business plan</h2>
<p>The Business plan (99 EUR a month) gives API keys for the 3D model API, the embeddable viewer for your site with lead capture, and this portal's usage figures. Pro (19 EUR a month) gives the Solar Wizard and HD models in the viewer.</p>
${view.billing === 'stripe'
    ? html`<div class="grid">${(['business', 'pro'] as const).filter((plan) => plan !== account.plan).map((plan) => html`<form method="post" action="/partner/billing/checkout">${csrfField(view.viewer)}<input type="hidden" name="plan" value="${plan}"><button type="submit">${plan === 'business' ? 'Upgrade to Business · 99 EUR/month' : 'Upgrade to Pro · 19 EUR/month'}</button></form>`)}</div>
<p class="muted">Payment by card through Stripe; cancel any time.</p>`
    : html`<p class="muted">Your plan is <strong>${account.plan}</strong>. ${view.supportEmail
      ? html`To change it, write to <a href="${mailtoLink(view.supportEmail)}">${view.supportEmail}</a> from ${account.email}; the plan is switched the same day.`
      : html`To change it, ask the operator of this service, from ${account.email}.`}</p>`}</section>`;
}

function manageCard(view: PortalView): SafeHtml {
  return html`<section class="card" aria-labelledby="billing-title"><h2 id="billing-title">Subscription</h2>
<form method="post" action="/partner/billing/manage">${csrfField(view.viewer)}<button class="secondary" type="submit">Change or cancel the subscription</button></form>
<p class="muted">Cancelling the Business plan stops your API keys and the viewer on your site at once.</p></section>`;
}

function keysCard(view: PortalView): SafeHtml {
  const rows = view.keys.map((key) => html`<tr>
<td data-label="Name">${key.name}</td><td data-label="Key"><code>${key.prefix}…</code></td><td data-label="Created">${day(key.createdAt)}</td><td data-label="Last used">${day(key.lastUsedAt)}</td>
<td>${key.revokedAt ? html`<span class="muted">revoked ${day(key.revokedAt)}</span>` : html`<a href="/partner/keys/${key.id}/revoke">Revoke…</a>`}</td></tr>`);
  return html`<section class="card" aria-labelledby="keys-title"><h2 id="keys-title">API keys</h2>
${view.keys.length > 0
    ? html`<table class="stack-on-phone"><thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead><tbody>${rows}</tbody></table>`
    : html`<p class="muted">No keys yet.</p>`}
<form class="stack form-narrow spaced" method="post" action="/partner/keys">${csrfField(view.viewer)}
<label>New key name <span class="hint">For you: where the key is used, e.g. “website” or “CRM”.</span><input type="text" name="name" required maxlength="80"></label>
<button type="submit">Create key</button></form></section>`;
}

function embedCard(view: PortalView): SafeHtml {
  const live = view.keys.filter((key) => !key.revokedAt);
  const place = view.place;
  const keyText = live[0] ? `${live[0].prefix}…` : 'YOUR_KEY';
  const snippet = embedSnippet(view.publicBaseUrl, place, keyText);
  const area = view.account.searchArea;
  return html`<section class="card" aria-labelledby="embed-title"><h2 id="embed-title">The viewer on your site</h2>
<p>Paste this into a page of your site. ${live[0] ? html`Replace <code>${keyText}</code> with the whole key “${live[0].name}”, which you copied when you created it.` : html`Create a key above and put it in place of <code>YOUR_KEY</code>.`} Visitors can search their own address in the viewer.</p>
<pre class="secret" id="embed-snippet">${snippet}</pre>
<p><button type="button" data-copy="embed-snippet">Copy the code</button> <span id="copy-status" role="status" class="muted"></span></p>
<p class="muted">On phones and tablets the viewer first shows a start card with the address search and a “Show in 3D” button, so a visitor's phone loads the 3D model only when they ask for it. Add <code>&amp;autostart=true</code> to the address to open the 3D view at once there too.</p>
<form class="place-fields spaced" method="get" action="/partner#embed-title">
<label>Latitude<input type="number" name="lat" step="any" min="-90" max="90" required value="${String(place.latitude)}"></label>
<label>Longitude<input type="number" name="lng" step="any" min="-180" max="180" required value="${String(place.longitude)}"></label>
<div><button class="secondary" type="submit">Show this place</button></div></form>
<p class="muted">Live preview of the viewer at this place, with your prices. On your site it also shows the “Get a quote” button when lead capture is on, and on phones a start card first.</p>
<iframe class="live-viewer" src="/viewer?lat=${String(place.latitude)}&amp;lng=${String(place.longitude)}" title="Preview of the viewer on your site" allow="fullscreen; geolocation" loading="lazy"></iframe>
<h3 id="search-area-title">Address search</h3>
<p class="muted">Limit the places your visitors find to where you work. Empty: anywhere.</p>
<form class="stack form-narrow" method="post" action="/partner/search-area" aria-labelledby="search-area-title">${formFields(view)}
<label>Countries <span class="hint">Two-letter codes, e.g. LI, CH, AT.</span><input type="text" name="countries" maxlength="200" value="${view.typedSearchArea?.countries ?? area.countries.join(', ')}"></label>
<label>Area <span class="hint">West, south, east, north in degrees, e.g. 9.47, 47.04, 9.64, 47.27.</span><input type="text" name="box" maxlength="200" value="${view.typedSearchArea?.box ?? formatBoundingBox(area.box)}"></label>
<div><button class="secondary" type="submit">Save the search area</button></div></form>
${area.box && !view.typedSearchArea ? html`<p class="muted" id="search-area-read">Saved area: from ${latitudeText(area.box[1])} to ${latitudeText(area.box[3])} and from ${longitudeText(area.box[0])} to ${longitudeText(area.box[2])}.</p>` : undefined}
${live.length > 0 ? html`<p>Sites allowed to show the viewer with each key (one address per line; empty: any site):</p>
${live.map((key) => html`<form class="stack spaced" method="post" action="/partner/keys/${key.id}/origins">${formFields(view)}
<label><span>${key.name} (<code>${key.prefix}…</code>)</span><textarea name="origins" rows="2" placeholder="https://www.your-site.example">${key.allowedOrigins.join('\n')}</textarea></label>
<div><button class="secondary" type="submit">Save sites for ${key.name}</button></div></form>`)}` : undefined}</section>`;
}

function pricesCard(view: PortalView): SafeHtml {
  const saved = view.account.prices;
  // Written as the form reads them back: plain decimals (never 1e-7), no grouping.
  const plain = (value: number) => value.toLocaleString('en', { useGrouping: false, maximumFractionDigits: 20 });
  const prices = view.typedPrices ?? { currency: saved.currency, costPerKwp: plain(saved.costPerKwp), tariff: plain(saved.tariff), exportTariff: plain(saved.exportTariff) };
  return html`<section class="card" aria-labelledby="prices-title"><h2 id="prices-title">Prices in the Solar Wizard</h2>
<p class="muted">Your visitors' designs start from these: cost, savings and payback are worked out in your currency. Visitors can still change them for their own figures.</p>
<form class="stack form-narrow" method="post" action="/partner/prices" aria-labelledby="prices-title">${formFields(view)}
<label>Currency <span class="hint">Three-letter ISO code, e.g. EUR, CHF, GBP.</span><input type="text" name="currency" required maxlength="3" pattern="[A-Za-z]{3}" autocapitalize="characters" value="${prices.currency}"></label>
<label>Installed cost per kWp<input type="text" name="costPerKwp" required inputmode="decimal" maxlength="30" value="${prices.costPerKwp}"></label>
<label>Electricity price per kWh <span class="hint">What a kWh from the grid costs your customers.</span><input type="text" name="tariff" required inputmode="decimal" maxlength="30" value="${prices.tariff}"></label>
<label>Export price per kWh <span class="hint">What a kWh sent to the grid earns.</span><input type="text" name="exportTariff" required inputmode="decimal" maxlength="30" value="${prices.exportTariff}"></label>
<div><button class="secondary" type="submit">Save the prices</button></div></form></section>`;
}

function profileCard(view: PortalView): SafeHtml {
  const account = view.account;
  // What was typed, where saving it failed, to be corrected rather than typed again.
  const shown: ProfileForm = view.typedProfile ?? { companyName: account.companyName ?? '', leadCapture: account.leadCapture, notificationEmail: account.notificationEmail ?? '', privacyUrl: account.privacyUrl ?? '' };
  return html`<section class="card" aria-labelledby="profile-title"><h2 id="profile-title">Profile and lead capture</h2>
<form class="stack form-narrow" method="post" action="/partner/profile">${formFields(view)}
<label>Company name<input type="text" name="companyName" maxlength="120" value="${shown.companyName}"></label>
<label class="check"><input type="checkbox" name="leadCapture" value="on" ${shown.leadCapture ? html`checked` : undefined}> <span>Show a “Get a quote” form in the viewer on my site</span></label>
<label>Send new leads to <span class="hint">Needed for lead capture.</span><input type="email" name="notificationEmail" maxlength="254" value="${shown.notificationEmail}"></label>
<label>Your privacy notice <span class="hint">The quote form links to it next to the consent box.</span><input type="url" name="privacyUrl" maxlength="500" placeholder="https://www.your-site.example/privacy" value="${shown.privacyUrl}"></label>
<div><button type="submit">Save profile</button></div></form></section>`;
}

function usageCard(usage: UsageRow[]): SafeHtml {
  return html`<section class="card" aria-labelledby="usage-title"><h2 id="usage-title">Usage</h2>
<p class="muted">Model requests per month and key: new generations are billable; models served from the 30-day cache are free. Places your site’s visitors searched in the viewer are counted apart, free.</p>
${usage.length > 0
    ? html`<table class="stack-on-phone"><thead><tr><th scope="col">Month</th><th scope="col">Key</th><th scope="col">Billable</th><th scope="col">From cache</th><th scope="col">Visitor places</th></tr></thead><tbody>
${usage.map((row) => html`<tr><td data-label="Month">${row.month}</td><td data-label="Key">${row.keyName} (<code>${row.keyPrefix}…</code>)</td><td data-label="Billable">${row.billable}</td><td data-label="From cache">${row.notBillable}</td><td data-label="Visitor places">${row.visitorPlaces}</td></tr>`)}</tbody></table>`
    : html`<p>No requests yet.</p>`}</section>`;
}

/** The iframe that puts the viewer of `place` on a partner's page, with `key` as given. */
function embedSnippet(publicBaseUrl: string, place: { latitude: number; longitude: number }, key: string): string {
  return `<iframe src="${publicBaseUrl}/embed?lat=${place.latitude}&lng=${place.longitude}&key=${key}" allow="fullscreen; geolocation" style="width:100%;height:560px;border:0" title="3D solar view"></iframe>`;
}

/**
 * The new key, shown once, and the viewer's embed code with the whole key in it (the portal can show
 * only the key's start afterwards).
 */
export function newKeyPage(viewer: PageViewer, name: string, secret: string, embed: { publicBaseUrl: string; place: { latitude: number; longitude: number } }): string {
  return page('Your new key', html`<div class="narrow wide"><h1>Your new key “${name}”</h1>
<p class="message error" role="alert"><strong>Copy it now: it cannot be shown again.</strong> We keep only a fingerprint of it.</p>
<code class="secret" id="new-key">${secret}</code>
<p><button type="button" data-copy="new-key">Copy the key</button> <span id="copy-status" role="status" class="muted"></span></p>
<h2>For the viewer on your site</h2>
<p>This code, with the whole key in it, goes into a page of your site. A key in a page can be read by anyone:
limit it to your site's address under “Allowed sites” in the portal, and call the API from your server with another key.</p>
<pre class="secret" id="new-embed-snippet">${embedSnippet(embed.publicBaseUrl, embed.place, secret)}</pre>
<p><button type="button" data-copy="new-embed-snippet">Copy the code</button></p>
<p><a href="/partner">Back to the portal</a></p></div>`, viewer);
}

/** Asks before a key is revoked. */
export function revokeKeyPage(viewer: PageViewer, key: ApiKeySummary): string {
  return page('Revoke key', html`<div class="narrow"><h1>Revoke “${key.name}”?</h1>
<p class="lead">Requests with <code>${key.prefix}…</code> fail at once, and viewers embedded with it stop working. This cannot be undone; you can create a new key.</p>
<form method="post" action="/partner/keys/${key.id}/revoke">${csrfField(viewer)}<button class="danger" type="submit">Revoke the key</button> <a href="/partner">Cancel</a></form></div>`, viewer);
}

/** A latitude as people write it: 47.04° N, 33.9° S. */
function latitudeText(degrees: number): string {
  return `${Math.abs(degrees)}° ${degrees < 0 ? 'S' : 'N'}`;
}

/** A longitude as people write it: 9.47° E, 74.0° W. */
function longitudeText(degrees: number): string {
  return `${Math.abs(degrees)}° ${degrees < 0 ? 'W' : 'E'}`;
}
