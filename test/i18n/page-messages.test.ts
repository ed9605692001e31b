import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { compilePageCatalogue, isPageMessage } from '../../src/i18n/compile.ts';
import { en } from '../../src/i18n/messages/en.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every message key named in the web app's code and pages (quoted, or in a data-i18n attribute). */
function keysNamedByPages(): Set<string> {
  const files = [...fs.globSync('web/src/**/*.ts', { cwd: ROOT }), ...fs.globSync('web/*.html', { cwd: ROOT })];
  const keys = new Set(Object.keys(en));
  const named = new Set<string>();
  for (const file of files) {
    const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const [, key] of source.matchAll(/['"`]([a-zA-Z]+\.[a-zA-Z]+)['"`]/g)) if (keys.has(key)) named.add(key);
    // Keys made from a prefix (`shape.${shape}`): the whole prefix is named.
    for (const [, prefix] of source.matchAll(/`([a-zA-Z]+)\.\$\{/g)) for (const key of keys) if (key.startsWith(`${prefix}.`)) named.add(key);
  }
  return named;
}

test('the pages carry only their own messages: none they name is left out of their catalogues, and the site report’s and e-mails’ are', () => {
  const named = keysNamedByPages();
  assert.ok(named.size > 100, `the scan finds the pages' keys (${named.size})`);
  assert.deepEqual([...named].filter((key) => !isPageMessage(key)), [], 'keys the pages use but their catalogues leave out');
  const page = compilePageCatalogue(en);
  assert.equal(page['report.title'], undefined, 'the report’s title stays on the service');
  assert.equal(page['reportButton.download'], 'Download the report (PDF)', 'the page’s report button keeps its words');
  assert.ok(Object.keys(page).length < Object.keys(en).length - 40);
});
