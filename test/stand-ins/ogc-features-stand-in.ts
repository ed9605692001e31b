import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Feature {
  type: 'CityJSONFeature';
  id: string;
  vertices: number[][];
}

/**
 * A local server speaking OGC API – Features with CityJSON as the 3D BAG API does: `/collections/pand`
 * (with its `storageCrs`) and `/collections/pand/items?bbox=…&bbox-crs=…&limit=…&offset=…`, answering with
 * the CityJSONFeatures of recorded CityJSONSeq files (3D BAG tiles) whose vertices fall in the box, the
 * sequence's header in `metadata`, and a `next` link while more remain. Boxes are in the storage CRS.
 */
export class OgcFeaturesStandIn {
  readonly requests: string[] = [];
  failNext: number[] = [];
  /** Most features per page whatever `limit` asks (services cap pages). */
  maxPageSize = 1000;
  readonly #server: http.Server;
  readonly #header: Record<string, unknown>;
  readonly #features: { feature: Feature; box: [number, number, number, number] }[];

  private constructor(recordedFiles: string[]) {
    const lines = recordedFiles.flatMap((file) => fs.readFileSync(file, 'utf8').split('\n').filter((line) => line.trim()));
    this.#header = JSON.parse(lines[0]) as Record<string, unknown>;
    const { scale, translate } = this.#header.transform as { scale: number[]; translate: number[] };
    this.#features = lines
      .map((line) => JSON.parse(line) as Feature)
      .filter((f) => f.type === 'CityJSONFeature')
      .map((feature) => {
        const xs = feature.vertices.map((v) => v[0] * scale[0] + translate[0]);
        const ys = feature.vertices.map((v) => v[1] * scale[1] + translate[1]);
        return { feature, box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] };
      });
    this.#server = http.createServer((request, response) => this.#answer(request, response));
  }

  /** Starts serving the features of the recorded sequences (header line first, as the 3D BAG writes them). */
  static async start(recordedFiles: string[]): Promise<OgcFeaturesStandIn> {
    const standIn = new OgcFeaturesStandIn(recordedFiles);
    await new Promise<void>((resolve) => standIn.#server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #answer(request: http.IncomingMessage, response: http.ServerResponse): void {
    this.requests.push(request.url ?? '');
    const failure = this.failNext.shift();
    if (failure) return void response.writeHead(failure).end(`HTTP ${failure}`);
    const url = new URL(request.url ?? '/', this.url);
    const storageCrs = (this.#header.metadata as { referenceSystem: string }).referenceSystem;
    if (url.pathname === '/collections/pand') return json(response, 200, { id: 'pand', title: 'Panden', storageCrs, links: [] });
    if (url.pathname !== '/collections/pand/items') return json(response, 404, { code: 'NotFound', description: `no resource ${url.pathname}` });
    const bbox = (url.searchParams.get('bbox') ?? '').split(',').map(Number);
    if (bbox.length !== 4 || bbox.some((v) => !Number.isFinite(v))) return json(response, 400, { code: 'InvalidParameterValue', description: 'bbox must be four numbers' });
    if (url.searchParams.get('bbox-crs') !== storageCrs) return json(response, 400, { code: 'InvalidParameterValue', description: `bbox-crs must be ${storageCrs}` });
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 10), this.maxPageSize);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const matched = this.#features.filter(({ box }) => box[0] <= bbox[2] && box[2] >= bbox[0] && box[1] <= bbox[3] && box[3] >= bbox[1]).map((f) => f.feature);
    const page = matched.slice(offset, offset + limit);
    const next = new URL(url);
    next.searchParams.set('offset', String(offset + limit));
    const links = offset + limit < matched.length ? [{ rel: 'next', href: next.toString() }] : [];
    json(response, 200, { type: 'FeatureCollection', metadata: this.#header, features: page, numberMatched: matched.length, numberReturned: page.length, links });
  }
}

function json(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
