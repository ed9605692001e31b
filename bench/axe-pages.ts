/**
 * axe-core (WCAG 2.1 A/AA and best practices) on the service's public pages at 390 × 844, for one or
 * more checkouts in the same run (each with its own code and built viewer: `npm run build` in it first):
 * the serious and critical findings per page, by rule. The portal's pages need a signed-in partner and
 * are checked by test/web/accessibility-browser.test.ts (with their width at 390 px).
 *
 *   npm run build && npx node bench/axe-pages.ts [checkout …] (default: this checkout)
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const checkouts = process.argv.slice(2).length > 0 ? process.argv.slice(2) : [path.resolve(import.meta.dirname, '..')];
const rows: string[] = [];
for (const checkout of checkouts) {
  const { createListeningContext } = (await import(path.join(checkout, 'test/helpers/listening-service.ts'))) as typeof import('../test/helpers/listening-service.ts');
  const { launchBrowser } = (await import(path.join(checkout, 'test/helpers/browser.ts'))) as typeof import('../test/helpers/browser.ts');
  const ctx = await createListeningContext({ workers: 1 });
  const browser = await launchBrowser();
  try {
    const key = await ctx.createKey();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true });
    const page = await context.newPage();
    const embed = `/embed?lat=52.52&lng=13.405&key=${key}`;
    const pages: { url: string; label?: string; open?: 'start card' | 'wizard' }[] = [
      { url: embed, label: `${embed} (start card)`, open: 'start card' },
      { url: embed, label: `${embed} (3D view, wizard open)`, open: 'wizard' },
      { url: '/viewer?lat=52.52&lng=13.405&wizard=maximize_energy', open: 'wizard' },
      { url: '/auth/signup' }, { url: '/auth/login' }, { url: '/auth/forgot' }, { url: '/' },
    ];
    for (const { url, label = url, open } of pages) {
      const response = await page.goto(`${ctx.baseUrl}${url}`);
      if (!response?.headers()['content-type']?.startsWith('text/html')) {
        rows.push(`| ${path.basename(checkout)} | ${label.replace(/key=[^&\s]+/, 'key=…')} | no page (${response?.status()}) | |`);
        continue;
      }
      // A touch screen's embed opens on its start card; the 3D view starts on its button.
      if (url.startsWith('/embed')) await page.waitForSelector('#app[data-state="offer"]', { timeout: 60_000 });
      if (open === 'wizard') {
        if (url.startsWith('/embed')) await page.locator('#start-3d').tap();
        await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
        await page.locator('#wizard-toggle').tap();
      }
      await page.addScriptTag({ path: AXE });
      const found = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (d: Document) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe;
        return (await axe.run(document)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}, ${v.nodes.length})`);
      });
      rows.push(`| ${path.basename(checkout)} | ${label.replace(/key=[^&\s]+/, 'key=…')} | ${found.length} | ${found.join('; ')} |`);
    }
    await context.close();
  } finally {
    await browser.close();
    await ctx.close();
  }
}
console.log(`\n${new Date().toISOString().slice(0, 10)} · axe-core ${createRequire(import.meta.url)('axe-core/package.json').version} · Chromium headless at 390 × 844 (touch)\n`);
console.log('| checkout | page | serious + critical | rules (impact, elements) |');
console.log('|---|---|---:|---|');
for (const row of rows) console.log(row);
