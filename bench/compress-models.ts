/**
 * How much gzip and brotli shrink model files, and how long each takes: the figures behind the local
 * store's compressed copies (src/storage/precompressed.ts: brotli quality 9 and gzip level 9).
 *
 *   npx node bench/compress-models.ts <model.glb> …
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const files = process.argv.slice(2);
if (files.length === 0) {
  process.stderr.write('Usage: npx node bench/compress-models.ts <model.glb> …\n');
  process.exit(2);
}
const brotli = (quality: number) => (body: Buffer) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
const methods: [string, (body: Buffer) => Buffer][] = [['gzip 9', (body) => zlib.gzipSync(body, { level: 9 })], ['brotli 5', brotli(5)], ['brotli 9', brotli(9)], ['brotli 11', brotli(11)]];
console.log('| model | bytes | method | compressed | share | ms |');
console.log('|---|---:|---|---:|---:|---:|');
for (const file of files) {
  const body = fs.readFileSync(file);
  for (const [name, compress] of methods) {
    const start = performance.now();
    const out = compress(body);
    console.log(`| ${path.basename(file)} | ${body.length} | ${name} | ${out.length} | ${(out.length / body.length).toFixed(3)} | ${Math.round(performance.now() - start)} |`);
  }
}
