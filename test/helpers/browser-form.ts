import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * A browser's side of the site's forms over `app.inject`: keeps cookies, reads the anti-forgery value
 * from a page, and posts url-encoded forms as a browser would.
 */
export class FormClient {
  readonly #app: FastifyInstance;
  readonly cookies = new Map<string, string>();
  constructor(app: FastifyInstance) {
    this.#app = app;
  }

  async get(url: string): Promise<LightMyRequestResponse> {
    return this.#keep(await this.#app.inject({ method: 'GET', url, cookies: Object.fromEntries(this.cookies) }));
  }

  /** Posts a form; `_csrf` is taken from the last page unless given. */
  async post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const payload = new URLSearchParams(fields).toString();
    return this.#keep(await this.#app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, cookies: Object.fromEntries(this.cookies) }));
  }

  /** The page a form's answer redirects to (a 303's `location`), as the browser goes on to it; other answers as they are. */
  async follow(response: LightMyRequestResponse): Promise<LightMyRequestResponse> {
    const location = response.headers.location;
    return response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string' ? this.get(location) : response;
  }

  /** The hidden `_csrf` value of a page. */
  static csrf(page: LightMyRequestResponse): string {
    const match = /name="_csrf" value="([^"]+)"/.exec(page.body);
    if (!match) throw new Error('the page has no _csrf field');
    return match[1];
  }

  #keep(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now())) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }
}
