import fs from 'node:fs';
import path from 'node:path';
import type { ViewerSettings } from '../domain/viewer-settings.ts';

/** Where `npm run build` puts the browser app. */
export const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../web/dist');
const SETTINGS_MARK = '<!--viewer-settings-->';
/** Markup between these marks holds figures reserved for Pro (yield, money, the monthly chart). */
const PRO_SECTION = /<!--pro-->([\s\S]*?)<!--\/pro-->/g;

/**
 * The built viewer page (`web/dist/viewer.html`) with a place for each request's settings. Read once:
 * its script and style names carry content hashes, so a new build means a restart.
 */
export class ViewerPageTemplate {
  readonly #html: string | undefined;

  private constructor(html: string | undefined) {
    this.#html = html;
  }

  /** Reads the built page; a missing build gives a template whose pages say to run the build. */
  static load(distDir = WEB_DIST_DIR): ViewerPageTemplate {
    const file = path.join(distDir, 'viewer.html');
    if (!fs.existsSync(file)) return new ViewerPageTemplate(undefined);
    const html = fs.readFileSync(file, 'utf8');
    if (!html.includes(SETTINGS_MARK)) throw new Error(`${file} has no ${SETTINGS_MARK} mark: rebuild with npm run build`);
    return new ViewerPageTemplate(html);
  }

  /** Whether the browser app has been built. */
  get available(): boolean {
    return this.#html !== undefined;
  }

  /**
   * The page for one visit. The settings go in a JSON block that browsers never run, with `<` escaped
   * so no value (a key, a session id) can end the block early. A page with the wizard's preview has no
   * place for Pro figures at all: they are left out here, not hidden by a style, so neither screen
   * readers nor the page's source ever hold them.
   */
  render(settings: ViewerSettings): string {
    if (!this.#html) throw new Error('The viewer has not been built: run npm run build');
    const json = JSON.stringify(settings).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
    const page = this.#html
      .replace(PRO_SECTION, settings.wizardAccess === 'full' ? '$1' : '')
      .replace(SETTINGS_MARK, `<script type="application/json" id="viewer-settings">${json}</script>`);
    // The language is one of a fixed list (never the visitor's text), so it goes into the tag as it is.
    return settings.language ? page.replace('<html lang="en">', `<html lang="${settings.language}">`) : page;
  }
}

/**
 * The viewer page's Content-Security-Policy: scripts and styles from our origin only (WebAssembly for
 * the mesh decoder), model files from the object store, the model's embedded textures (the GLB loader
 * fetches them as `blob:` URLs to decode them off the main thread), and framing by `frameAncestors`.
 */
export function viewerPolicy(frameAncestors: string[], storeUrl: string): string {
  const storeOrigin = new URL(storeUrl).origin;
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    `connect-src 'self' blob: ${storeOrigin}`,
    "worker-src 'self' blob:",
    `frame-ancestors ${frameAncestors.join(' ')}`,
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}
