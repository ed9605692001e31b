import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ENTRY = path.resolve(import.meta.dirname, '../../src/irradiance/browser.ts');

test('the browser entry of the irradiance library reaches no Node module and no server code', () => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(/(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/g)) {
      assert.ok(!specifier.startsWith('node:') && !['fs', 'path', 'crypto', 'http'].includes(specifier), `${path.basename(file)} imports ${specifier}`);
      assert.ok(specifier.startsWith('./'), `${path.basename(file)} imports ${specifier} from outside src/irradiance`);
      visit(path.resolve(path.dirname(file), specifier));
    }
  };
  visit(ENTRY);
  assert.ok(seen.size >= 5, `visited ${seen.size} modules`);
});
