import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { WEB_DIST_DIR } from '../viewer-page.ts';
import { html, type SafeHtml } from './safe-html.ts';

const CSS = fs.readFileSync(new URL('./site.css', import.meta.url));
/** The stylesheet's address carries its content hash, so it can be cached for a year. */
export const SITE_CSS_PATH = `/static/site.${createHash('sha256').update(CSS).digest('hex').slice(0, 12)}.css`;
export const SITE_CSS = CSS;
/** The site pages' script (copy buttons), built by Vite with the browser app; absent before a build. */
export const SITE_SCRIPT_PATH = siteScriptPath();

function siteScriptPath(): string | undefined {
  const manifest = path.join(WEB_DIST_DIR, '.vite', 'manifest.json');
  if (!fs.existsSync(manifest)) return undefined;
  const entry = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as Record<string, { file: string }>)['src/site/copy-buttons.ts'];
  return entry && `/static/${entry.file}`;
}

/** Who is looking at a page. */
export interface PageViewer {
  email: string;
  csrfToken: string;
}

/** How a page is framed: the site's header for the sign-in and portal pages, none in the viewer's place. */
export type PageChrome = 'site' | 'bare';

/**
 * A whole page of the site: header (unless `bare`), main content, the site's stylesheet and script.
 * Every page of the service that is not the viewer app is made here, errors included.
 */
export function page(title: string, main: SafeHtml, viewer?: PageViewer, chrome: PageChrome = 'site'): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Solar Partner</title><link rel="stylesheet" href="${SITE_CSS_PATH}"><link rel="icon" href="data:,"></head>
<body>${chrome === 'site' ? siteHeader(viewer) : undefined}
<main class="wrap">${main}</main>${SITE_SCRIPT_PATH ? html`<script type="module" src="${SITE_SCRIPT_PATH}"></script>` : undefined}</body></html>`.text;
}

function siteHeader(viewer: PageViewer | undefined): SafeHtml {
  return html`<header class="top"><div class="wrap">
<a class="brand" href="/partner"><span aria-hidden="true"></span>Solar Partner</a>
<nav aria-label="Account"><a href="/explore">Explore</a>${viewer
    ? html`<span class="muted">${viewer.email}</span><form class="inline" method="post" action="/auth/logout"><input type="hidden" name="_csrf" value="${viewer.csrfToken}"><button class="secondary" type="submit">Sign out</button></form>`
    : html`<a href="/auth/login">Sign in</a><a class="button" href="/auth/signup">Create account</a>`}</nav>
</div></header>`;
}

/** A page with one message: what happened and what to do (errors and notices). */
export function messagePage(title: string, message: string, chrome: PageChrome = 'site'): string {
  return page(title, html`<div class="narrow"><h1>${title}</h1><p class="lead">${message}</p></div>`, undefined, chrome);
}

/** A notice above a form; `id` names it for a field it describes (`aria-describedby`). */
export function notice(kind: 'error' | 'ok', text: string | undefined, id?: string): SafeHtml | undefined {
  return text ? html`<p class="message ${kind}" role="${kind === 'error' ? 'alert' : 'status'}"${id ? html` id="${id}"` : undefined}>${text}</p>` : undefined;
}
