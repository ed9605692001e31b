import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the stand-in answers the next calls. */
export type PvgisMode = 'ok' | 'slow' | 'error500' | 'busy429' | 'sea' | 'garbage';

/**
 * A local HTTP server speaking PVGIS's PVcalc (and, when given a recording, MRcalc) protocol: it answers
 * with a recorded real PVGIS response and fails on command. Every call's query is recorded for the tests.
 */
export class PvgisStandIn {
  mode: PvgisMode = 'ok';
  /** Statuses to answer before `mode` applies again, one per call (e.g. [500] fails the next call once). */
  failNext: number[] = [];
  slowMs = 2000;
  /**
   * When set, PVcalc answers scale the recording's in-plane irradiation (`H(i)_y`, `H(i)_m`) by this
   * factor of the asked tilt and PVGIS aspect, so that planes facing different ways get different answers.
   */
  planeFactor: ((angle: number, aspect: number) => number) | undefined;
  readonly calls: URLSearchParams[] = [];
  readonly #server: http.Server;
  readonly #recordedByTool: Map<string, string>;

  private constructor(recordedFile: string, mrcalcFile?: string) {
    this.#recordedByTool = new Map([['PVcalc', fs.readFileSync(recordedFile, 'utf8')]]);
    if (mrcalcFile) this.#recordedByTool.set('MRcalc', fs.readFileSync(mrcalcFile, 'utf8'));
    this.#server = http.createServer((request, response) => this.#answer(request, response));
  }

  /**
   * Starts on a free loopback port, replaying `recordedFile` (a real PVcalc JSON answer) and, for
   * MRcalc, `options.mrcalcFile`.
   */
  static async start(recordedFile: string, options: { mrcalcFile?: string } = {}): Promise<PvgisStandIn> {
    const standIn = new PvgisStandIn(recordedFile, options.mrcalcFile);
    await new Promise<void>((resolve) => standIn.#server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/api/v5_3`;
  }

  #answer(request: http.IncomingMessage, response: http.ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const recorded = this.#recordedByTool.get(url.pathname.split('/').pop() ?? '');
    if (recorded === undefined) {
      response.writeHead(404).end();
      return;
    }
    this.calls.push(url.searchParams);
    const failure = this.failNext.shift();
    if (failure !== undefined) {
      response.writeHead(failure, { 'content-type': 'text/plain' }).end(`HTTP ${failure}`);
      return;
    }
    switch (this.mode) {
      case 'ok':
        response.writeHead(200, { 'content-type': 'application/json' }).end(this.#scaled(url, recorded));
        return;
      case 'slow':
        setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end(recorded), this.slowMs);
        return;
      case 'error500':
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
        return;
      case 'busy429':
        response.writeHead(429, { 'content-type': 'application/json' }).end('{"message":"Too many requests"}');
        return;
      case 'sea':
        // PVGIS's real answer for a point without data.
        response.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"Location over the sea. Please, select another location","status":400}');
        return;
      case 'garbage':
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"outputs":{"totals":{"fixed":{}}}}');
        return;
    }
  }

  /** The recorded PVcalc answer with its plane's irradiation scaled by `planeFactor`. */
  #scaled(url: URL, recorded: string): string {
    if (!this.planeFactor || !url.pathname.endsWith('/PVcalc')) return recorded;
    const factor = this.planeFactor(Number(url.searchParams.get('angle') ?? 0), Number(url.searchParams.get('aspect') ?? 0));
    const answer = JSON.parse(recorded) as { outputs: { totals: { fixed: Record<string, number> }; monthly: { fixed: Record<string, number>[] } } };
    answer.outputs.totals.fixed['H(i)_y'] *= factor;
    for (const month of answer.outputs.monthly.fixed) month['H(i)_m'] *= factor;
    return JSON.stringify(answer);
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
