import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server answering the two Stripe API calls the service makes (Checkout sessions and
 * customer-portal sessions) in Stripe's wire format: form-encoded requests, JSON answers. Requests are
 * recorded for the tests.
 */
export class StripeStandIn {
  readonly requests: { path: string; form: URLSearchParams; authorization: string | undefined }[] = [];
  readonly #server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      this.requests.push({ path: request.url ?? '', form, authorization: request.headers.authorization });
      const send = (body: object) => response.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_test' }).end(JSON.stringify(body));
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') return send({ id: 'cs_test_1', object: 'checkout.session', mode: 'subscription', url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
      if (request.method === 'POST' && request.url === '/v1/billing_portal/sessions') return send({ id: 'bps_test_1', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/test_1' });
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${request.url})` } }));
    });
  });

  static async start(): Promise<StripeStandIn> {
    const standIn = new StripeStandIn();
    await new Promise<void>((resolve) => standIn.#server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
