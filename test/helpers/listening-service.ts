import net from 'node:net';
import { createTestContext, type ContextOptions, type TestContext } from './test-context.ts';

/** A test context whose app listens on a free local port, with the public address pointing at it. */
export interface ListeningContext extends TestContext {
  baseUrl: string;
}

/** Builds the real app (see {@link createTestContext}) and serves it over real HTTP for a browser. */
export async function createListeningContext(options: ContextOptions = {}): Promise<ListeningContext> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const ctx = await createTestContext({ ...options, env: { ...options.env, PUBLIC_BASE_URL: baseUrl } });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  return Object.assign(ctx, { baseUrl });
}

/** A TCP port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
