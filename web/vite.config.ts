import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { compilePageCatalogue } from '../src/i18n/compile.ts';

/**
 * The browser code: one HTML entry per app page, and the site pages' script (sign-in and portal pages,
 * found through the manifest). Built files go to `web/dist`, which the service serves under `/static/`
 * (hashed names, cached for a year); the service fills in each app page's settings at request time.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/static/',
  publicDir: false,
  logLevel: 'warn',
  plugins: [compiledMessages(), precompress()],
  // Messages arrive compiled (below), so the page takes FormatJS's formatter without its parser.
  resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] },
  build: {
    outDir: path.join(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 800,
    reportCompressedSize: false,
    manifest: true,
    rollupOptions: {
      input: { viewer: path.join(import.meta.dirname, 'viewer.html'), site: path.join(import.meta.dirname, 'src/site/copy-buttons.ts') },
      // The straight skeleton's chunk (fetched by roof corrections that need it) by its own name, not its package's "dist".
      output: { chunkFileNames: (chunk) => (chunk.moduleIds.some((id) => id.includes('/straight-skeleton/')) ? 'assets/straight-skeleton-[hash].js' : 'assets/[name]-[hash].js') },
    },
  },
});

/**
 * Compiles each message catalogue (`src/i18n/messages/<language>.ts`) at build time: plain text stays
 * text and the rest becomes FormatJS's parsed form, which the translator formats without a parser
 * (about 7 KB gzip less script on every page); the messages only the service says (the site report's,
 * the e-mails') are left out.
 */
function compiledMessages(): Plugin {
  const catalogue = /[\\/]src[\\/]i18n[\\/]messages[\\/]([a-z]{2})\.ts$/;
  return {
    name: 'compiled-messages',
    enforce: 'pre',
    async transform(_code, id) {
      const language = catalogue.exec(id)?.[1];
      if (!language) return null;
      const module = (await import(pathToFileURL(id).href)) as Record<string, Record<string, string>>;
      const messages = module[language];
      if (!messages) this.error(`${id} exports no catalogue named ${language}`);
      return { code: `export const ${language} = ${JSON.stringify(compilePageCatalogue(messages))};\n`, map: null };
    },
  };
}

/**
 * Writes `.br` and `.gz` beside each script and style, so the service sends them compressed without
 * compressing on every request (@fastify/static `preCompressed`). A few lines with Node's zlib; no
 * plugin package needed.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|wasm|svg)$/.test(name)) continue;
        const file = path.join(options.dir!, name);
        const content = fs.readFileSync(file);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}
