import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Object names whose bytes are worth compressing for download: models and JSON. */
const COMPRESSIBLE = /\.(glb|gltf|json)$/;
/** A compressed copy smaller than this share of the original is kept (JPEG-heavy models gain little). */
const WORTH_KEEPING = 0.95;

/**
 * Brotli and gzip copies of an object, made once when it is stored so downloads need no compression
 * per request (`<key>.br`, `<key>.gz`; @fastify/static `preCompressed` picks one by Accept-Encoding).
 * Brotli at quality 9: on real models (bench/compress-models.ts, bench/RESULTS.md) its copies are 7–9 %
 * larger than quality 11's, made 8 to 17 times faster (a Monaco HD model: 2 s against 16 s on the busy
 * machine). Runs on the thread pool, not the event loop.
 */
export async function precompressedCopies(key: string, body: Uint8Array): Promise<{ suffix: '.br' | '.gz'; body: Uint8Array }[]> {
  if (!COMPRESSIBLE.test(key) || body.byteLength < 1024) return [];
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
    gzip(body, { level: 9 }),
  ]);
  return [
    { suffix: '.br' as const, body: br },
    { suffix: '.gz' as const, body: gz },
  ].filter((copy) => copy.body.byteLength < body.byteLength * WORTH_KEEPING);
}
