import type { CreatedSession, SessionView } from '../contract/sessions.ts';
import { IRRADIANCE_DOWN, type SolarResult } from '../contract/solar.ts';
import { limitReached, ToolFailure, type SessionArguments, type SolarBackend, type YieldArguments } from './solar-backend.ts';

/** The tools of `solar-partner mcp` (stdio): calls the REST API of a running service. */
export class HttpBackend implements SolarBackend {
  readonly #baseUrl: string;
  readonly #fetch: typeof fetch;

  constructor(baseUrl: string, fetchImpl: typeof fetch = globalThis.fetch) {
    this.#baseUrl = baseUrl.replace(/\/+$/, '');
    this.#fetch = fetchImpl;
  }

  async createSession(args: SessionArguments): Promise<CreatedSession> {
    return (await this.#call('POST', '/api/mcp-sessions', args)) as CreatedSession;
  }

  async getSession(id: string): Promise<SessionView | undefined> {
    try {
      return (await this.#call('GET', `/api/mcp-sessions/${encodeURIComponent(id)}`)) as SessionView;
    } catch (error) {
      if (error instanceof NotFound) return undefined;
      throw error;
    }
  }

  async calculateYield(args: YieldArguments): Promise<SolarResult> {
    return (await this.#call('POST', '/api/solar/calculate', args)) as SolarResult;
  }

  async #call(method: string, path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await this.#fetch(`${this.#baseUrl}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new ToolFailure(`The solar service at ${this.#baseUrl} could not be reached: ${(error as Error).message}`);
    }
    const payload = (await response.json().catch(() => ({}))) as { error?: string };
    if (response.ok) return payload;
    if (response.status === 404) throw new NotFound();
    if (response.status === 503 && path === '/api/solar/calculate') throw new ToolFailure(IRRADIANCE_DOWN);
    // Over the session limit: when the agent may try again, as the in-process backend says it.
    const retryAfter = response.status === 429 ? Number(response.headers.get('retry-after')) : Number.NaN;
    if (payload.error && Number.isFinite(retryAfter) && retryAfter > 0) throw limitReached(payload.error, retryAfter);
    throw new ToolFailure(payload.error ?? `The solar service answered HTTP ${response.status}`);
  }
}

class NotFound extends Error {}
