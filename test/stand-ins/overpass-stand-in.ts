import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/**
 * A local server speaking the Overpass API's interpreter protocol (POST `data=<query>`), answering every
 * query with one recorded real Overpass JSON response, or with a status to fail with.
 */
export class OverpassStandIn {
  readonly queries: string[] = [];
  failNext: number[] = [];
  readonly #server: http.Server;
  readonly #recorded: Buffer;

  private constructor(recordedFile: string) {
    const bytes = fs.readFileSync(recordedFile);
    this.#recorded = recordedFile.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes;
    this.#server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        this.queries.push(new URLSearchParams(body).get('data') ?? '');
        const failure = this.failNext.shift();
        if (failure) return void response.writeHead(failure).end(`HTTP ${failure}`);
        response.writeHead(200, { 'content-type': 'application/json' }).end(this.#recorded);
      });
    });
  }

  static async start(recordedFile: string): Promise<OverpassStandIn> {
    const standIn = new OverpassStandIn(recordedFile);
    await new Promise<void>((resolve) => standIn.#server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/api/interpreter`;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
