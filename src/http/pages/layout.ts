import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { html, type SafeHtml } from './safe-html.ts';

const CSS = fs.readFileSync(new URL('./site.css', import.meta.url));
/** The stylesheet's address carries its content hash, so it can be cached for a year. */
export const SITE_CSS_PATH = `/static/site.${createHash('sha256').update(CSS).digest('hex').slice(0, 12)}.css`;
export const SITE_CSS = CSS;

/** Who is looking at a page. */
export interface PageViewer {
  email: string;
  csrfToken: string;
}

/** A whole page of the site (sign-in and portal): header, main content, and the site's stylesheet. */
export function page(title: string, main: SafeHtml, viewer?: PageViewer): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Solar Partner</title><link rel="stylesheet" href="${SITE_CSS_PATH}"><link rel="icon" href="data:,"></head>
<body><header class="top"><div class="wrap">
<a class="brand" href="/partner"><span aria-hidden="true"></span>Solar Partner</a>
<nav aria-label="Account">${viewer
    ? html`<span class="muted">${viewer.email}</span><form class="inline" method="post" action="/auth/logout"><input type="hidden" name="_csrf" value="${viewer.csrfToken}"><button class="secondary" type="submit">Sign out</button></form>`
    : html`<a href="/auth/login">Sign in</a><a class="button" href="/auth/signup">Create account</a>`}</nav>
</div></header>
<main class="wrap">${main}</main></body></html>`.text;
}

/** A notice above a form. */
export function notice(kind: 'error' | 'ok', text: string | undefined): SafeHtml | undefined {
  return text ? html`<p class="message ${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${text}</p>` : undefined;
}
