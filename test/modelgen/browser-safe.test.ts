import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '../../src/modelgen');
/** The browser entries: the rules, and the roof builder the page loads with the first roof correction. */
const ENTRIES = ['browser.ts', 'browser-redraw.ts'].map((file) => path.join(ROOT, file));
/** Packages the browser entry may reach: they run in browsers. */
const BROWSER_PACKAGES = new Set(['earcut', 'polylabel']);

test('the browser entries of the model generator reach no Node module and no server code', () => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(/(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/g)) {
      if (BROWSER_PACKAGES.has(specifier)) continue;
      assert.ok(specifier.startsWith('.'), `${path.relative(ROOT, file)} imports ${specifier}`);
      const target = path.resolve(path.dirname(file), specifier);
      assert.ok(target.startsWith(ROOT + path.sep), `${path.relative(ROOT, file)} imports ${specifier} from outside src/modelgen`);
      visit(target);
    }
  };
  for (const entry of ENTRIES) visit(entry);
  assert.ok(seen.size >= 20, `visited ${seen.size} modules`);
});
