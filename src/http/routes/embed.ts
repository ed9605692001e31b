import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppServices } from '../../app.ts';
import { escapeHtml, messagePage } from '../html.ts';
import { Latitude, Longitude } from '../schemas.ts';
import { validationMessage } from '../validation-messages.ts';

const EmbedQuery = Type.Object({
  lat: Latitude,
  lng: Longitude,
  key: Type.Optional(Type.String({ maxLength: 200, description: 'API key (Business plan); a missing key is a 401 page' })),
});

/**
 * `GET /embed?lat&lng&key`: the embeddable viewer page for a partner's iframe. The key is checked like
 * the API's (401 page otherwise); the page may be framed by the key's allowed origins, or by any site
 * when it has none. Not rate limited (SPEC.md).
 */
export const embedRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/embed',
    {
      schema: {
        summary: 'Embeddable 3D viewer page',
        description: 'HTML page for an iframe (`allow="fullscreen"`). 400 page for a bad location, 401 page for a missing, unknown or revoked key.',
        tags: ['Viewer'],
        querystring: EmbedQuery,
        produces: ['text/html'],
      },
      errorHandler: (error, request, reply) => {
        const message = error.validation ? validationMessage(error.validation as never, EmbedQuery as never, 'querystring') : 'The viewer could not be opened.';
        if (!error.validation) request.log.error({ err: error }, 'embed page failed');
        reply.code(error.validation ? 400 : 500).type('text/html; charset=utf-8').send(messagePage('The viewer cannot open', message));
      },
    },
    async (request, reply) => {
      const key = request.query.key ?? '';
      const owner = key === '' ? undefined : await services.authenticator.authenticate(key, services.now());
      if (!owner) {
        return reply.code(401).type('text/html; charset=utf-8').send(messagePage('This viewer is not available', 'Invalid or revoked API key. The site owner can create a new key in the Partner Portal.'));
      }
      const nonce = randomBytes(16).toString('base64');
      reply.header('content-security-policy', viewerPolicy(nonce, owner.allowedOrigins, services.store.publicUrl('')));
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('cache-control', 'no-store');
      return reply.type('text/html; charset=utf-8').send(embedPage({ latitude: request.query.lat, longitude: request.query.lng, key, nonce }));
    },
  );
};

/** The page's policy: own scripts only, model files from the store, framing by the key's sites. */
export function viewerPolicy(nonce: string, allowedOrigins: string[], storeUrl: string): string {
  const storeOrigin = new URL(storeUrl).origin;
  const frameAncestors = allowedOrigins.length > 0 ? allowedOrigins.join(' ') : '*';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src 'self' ${storeOrigin}`,
    "worker-src 'self' blob:",
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

function embedPage(page: { latitude: number; longitude: number; key: string; nonce: string }): string {
  const settings = JSON.stringify({ latitude: page.latitude, longitude: page.longitude, key: page.key }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Solar viewer</title>
<style>html,body{margin:0;height:100%;font:15px/1.4 system-ui,sans-serif;background:#0f172a;color:#e2e8f0}
#stage{position:fixed;inset:0;display:grid;place-items:center}
#status{text-align:center;max-width:28rem;padding:1rem}
progress{width:16rem;height:.6rem}
footer{position:fixed;right:.5rem;bottom:.4rem;font-size:12px;color:#cbd5e1}footer a{color:inherit}</style>
</head><body>
<div id="stage"><div id="status" role="status" aria-live="polite"><p id="step">Preparing the 3D model of ${escapeHtml(page.latitude.toFixed(6))}, ${escapeHtml(page.longitude.toFixed(6))}…</p><progress id="bar" max="100"></progress></div></div>
<footer>Map data © <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap contributors</a></footer>
<script nonce="${page.nonce}">
const settings = ${settings};
const step = document.getElementById('step');
const bar = document.getElementById('bar');
async function load() {
  let response = await fetch('/api/viewer/models', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ latitude: settings.latitude, longitude: settings.longitude, key: settings.key }) });
  let job = await response.json();
  while (response.ok && job.status !== 'ready' && job.status !== 'failed') {
    if (typeof job.progress === 'number') { bar.value = job.progress; }
    step.textContent = (job.step || 'Waiting for a worker') + (typeof job.progress === 'number' ? ' (' + Math.round(job.progress) + ' %)' : '');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    response = await fetch('/api/viewer/models/' + encodeURIComponent(job.id));
    job = await response.json();
  }
  if (!response.ok || job.status === 'failed') { step.textContent = 'The model could not be generated. ' + (job.step || job.error || ''); bar.remove(); return; }
  bar.value = 100;
  step.textContent = 'The 3D model is ready.';
}
load().catch((error) => { step.textContent = 'The viewer could not reach the service: ' + error.message; });
</script>
</body></html>`;
}
