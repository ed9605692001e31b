import { SAMPLE_PLACE } from '../../domain/sample-place.ts';
import { page } from './layout.ts';
import { html } from './safe-html.ts';

/**
 * `GET /`: what the service does in a few lines, the viewer itself at a sample place (live, in a frame
 * of this site), and the ways on: the API documentation, sign-up and the Partner Portal.
 */
export function frontPage(): string {
  const sample = `/viewer?lat=${SAMPLE_PLACE.latitude}&lng=${SAMPLE_PLACE.longitude}`;
  return page('3D solar models for installers', html`
<section class="front-hero">
<h1>See every roof in 3D, with its sun and shade</h1>
<p class="lead">Solar Partner builds a 3D model of any neighbourhood from open map data, shows the shadows of each hour of the year, and lays solar panels on a roof with the yield they would give. Put the viewer on your own site with one line, or call the API from your software.</p>
<p class="front-links"><a class="button" href="/auth/signup">Create an account</a> <a href="/docs">API documentation</a> <a href="/partner">Partner Portal</a></p>
</section>
<section class="card" aria-labelledby="sample-title">
<h2 id="sample-title">Try it: ${SAMPLE_PLACE.label}</h2>
<p class="muted">Search your own address in the box, turn the view with a finger or the mouse, move the time slider, and open the Solar Wizard to place panels.</p>
<iframe class="live-viewer" src="${sample}" title="Live 3D solar viewer: ${SAMPLE_PLACE.label}" allow="fullscreen; geolocation" loading="lazy"></iframe>
</section>
<section class="grid front-points" aria-label="What you get">
<div class="card"><h2>For your website</h2><p>The embeddable viewer with address search, your visitors’ own house marked, and a “Get a quote” form that sends you the lead with the roof they designed.</p></div>
<div class="card"><h2>For your software</h2><p>An HTTP API: ask for the 3D model of a point (a GLB file) and the yearly yield of a panel layout. Keys and usage in the Partner Portal.</p></div>
<div class="card"><h2>For assistants</h2><p>Agent sessions give a chatbot a viewer link with the goal and the roof already set; the visitor sees the design at once.</p></div>
</section>`);
}
