import type { PlaceDirectory } from '../../services/pregeneration-service.ts';
import { page, type PageViewer } from './layout.ts';
import { html, type SafeHtml } from './safe-html.ts';

/** The viewer's address for a place (SPEC.md "Viewer page parameters": `lat` and `lng`). */
export function viewerLink(latitude: number, longitude: number): string {
  return `/viewer?lat=${latitude}&lng=${longitude}`;
}

/**
 * `/explore`: the pre-generated places by country and town, each a link that opens its model in the
 * viewer at once. With one town chosen, all of its places. Names come from OpenStreetMap.
 */
export function explorePage(directory: PlaceDirectory, viewer: PageViewer | undefined, town?: string): string {
  const single = town !== undefined ? directory.countries[0]?.towns[0] : undefined;
  const heading = single ? html`<p><a href="/explore">← All places</a></p><h1>${single.name || 'Places without a town name'}</h1>
<p class="lead">${directory.countries[0].name || 'Country not named in the map data'} · ${count(single.places, 'place')} with a ready 3D model. Choose one to open it in the viewer.</p>`
    : html`<h1>Explore</h1>
<p class="lead">${directory.places > 0 ? html`${count(directory.places, 'place')} in ${count(directory.towns, 'town')} with a ready 3D model and its shadows through the day. Choose one to open it in the viewer.` : 'No places are pre-generated yet.'}</p>`;
  const body = directory.places === 0
    ? html`<section class="card"><p>Places appear here when the operator pre-generates an area with <code>solar-partner pregenerate</code> and the workers have built its models.</p></section>`
    : directory.countries.map((country) => html`<section class="explore-country" aria-labelledby="${anchor(country.name)}">${single ? undefined : html`<h2 id="${anchor(country.name)}">${country.name || 'Country not named in the map data'}</h2>`}
<div class="explore-towns">${country.towns.map((entry) => townCard(entry, single !== undefined))}</div></section>`);
  return page(single ? `${single.name || 'Places'} · Explore` : 'Explore', html`${heading}${body}
<p class="muted explore-credit">Place names © OpenStreetMap contributors (ODbL).</p>`, viewer);
}

function townCard(town: PlaceDirectory['countries'][number]['towns'][number], single: boolean): SafeHtml {
  const more = town.shown.length < town.places;
  return html`<article class="card explore-town">${single ? undefined : html`<h3>${town.name || 'No town name'} <span class="muted">${count(town.places, 'place')}</span></h3>`}
${town.shown.length > 0 ? html`<ul class="chips">${town.shown.map((place) => html`<li><a href="${viewerLink(place.latitude, place.longitude)}" title="${place.latitude}, ${place.longitude}">${place.label}</a></li>`)}</ul>` : undefined}
${more && town.key ? html`<p><a href="/explore?town=${town.key}">All ${count(town.places, 'place')} of ${town.name} →</a></p>` : undefined}</article>`;
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;
}

function anchor(country: string): string {
  return `country-${country.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'unnamed'}`;
}
