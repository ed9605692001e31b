/**
 * The layering of docs/architecture.md, checked on the code: every import of src/ and web/src/ (type-only
 * ones too) is read, and the test fails when one runs against a rule or closes a cycle.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '..');
const IMPORT_PATTERNS = [
  /\b(?:import|export)\s+(?:type\s+)?[^;'"`]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /^\s*import\s*['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** Every source file of the service and the browser app, by path from the repository root. */
function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.(ts|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(relative);
    }
  };
  walk('src');
  walk('web/src');
  return files;
}

/** The files a source file imports (relative imports only; packages are named as they are). */
function importsOf(file: string): string[] {
  const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const specifiers = IMPORT_PATTERNS.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]));
  return [...new Set(specifiers)].map((specifier) => (specifier.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) : `package:${specifier}`));
}

const GRAPH = new Map(sourceFiles().map((file) => [file, importsOf(file)]));

const inFolder = (file: string, ...folders: string[]) => folders.some((folder) => file.startsWith(`${folder}/`));
const LIBRARIES = ['src/modelgen', 'src/irradiance', 'src/solar-design'];
const LIBRARY_ENTRIES = ['src/modelgen/index.ts', 'src/modelgen/browser.ts', 'src/modelgen/browser-redraw.ts', 'src/modelgen/sources.ts', 'src/modelgen/model-file.ts', 'src/irradiance/index.ts', 'src/irradiance/browser.ts', 'src/solar-design/index.ts'];
const SERVER = ['src/http', 'src/services', 'src/db', 'src/jobs', 'src/mcp', 'src/cli', 'src/billing', 'src/geocoding', 'src/mail', 'src/storage', 'src/contract', 'src/domain'];
const SERVER_ROOT_FILES = ['src/app.ts', 'src/compose.ts', 'src/runtime.ts', 'src/main.ts', 'src/config.ts', 'src/logging.ts', 'src/version.ts'];
const isServer = (target: string) => inFolder(target, ...SERVER) || SERVER_ROOT_FILES.includes(target);

/** A rule: which importing files it covers, and why an import of theirs is refused (undefined: allowed). */
interface Rule {
  name: string;
  covers: (file: string) => boolean;
  refuse: (target: string, file: string) => boolean;
}

const RULES: Rule[] = [
  { name: 'the libraries (modelgen, irradiance, solar-design) import no server code', covers: (f) => inFolder(f, ...LIBRARIES), refuse: (t) => isServer(t) },
  {
    name: 'solar-design uses the other libraries only through their browser entries (it runs in the browser too)',
    covers: (f) => inFolder(f, 'src/solar-design'),
    refuse: (t) => inFolder(t, 'src/modelgen', 'src/irradiance') && t !== 'src/modelgen/browser.ts' && t !== 'src/irradiance/browser.ts',
  },
  {
    name: 'outside a library, only its entry points are imported',
    covers: (f) => !inFolder(f, ...LIBRARIES),
    refuse: (t) => inFolder(t, ...LIBRARIES) && !LIBRARY_ENTRIES.includes(t),
  },
  {
    name: 'the contract imports only the contract, TypeBox and the libraries’ browser entries',
    covers: (f) => inFolder(f, 'src/contract'),
    refuse: (t) => !(inFolder(t, 'src/contract') || t === 'package:typebox' || t === 'src/modelgen/browser.ts' || t === 'src/irradiance/browser.ts' || t === 'package:ajv'),
  },
  {
    name: 'domain rules import no server code but domain/ and contract/',
    covers: (f) => inFolder(f, 'src/domain'),
    refuse: (t) => isServer(t) && !inFolder(t, 'src/domain', 'src/contract'),
  },
  { name: 'db/ imports no services, HTTP, MCP, CLI or jobs', covers: (f) => inFolder(f, 'src/db'), refuse: (t) => inFolder(t, 'src/services', 'src/http', 'src/mcp', 'src/cli', 'src/jobs') || SERVER_ROOT_FILES.includes(t) },
  { name: 'services import no HTTP, MCP or CLI code', covers: (f) => inFolder(f, 'src/services'), refuse: (t) => inFolder(t, 'src/http', 'src/mcp', 'src/cli') || SERVER_ROOT_FILES.includes(t) },
  { name: 'routes import no repositories: they call services', covers: (f) => inFolder(f, 'src/http/routes'), refuse: (t) => inFolder(t, 'src/db', 'src/jobs', 'src/storage') },
  { name: 'HTTP code outside routes imports at most types from db/', covers: (f) => inFolder(f, 'src/http'), refuse: (t, f) => inFolder(t, 'src/db') && !typeOnlyImport(f, t) },
  { name: 'MCP imports no HTTP code', covers: (f) => inFolder(f, 'src/mcp'), refuse: (t) => inFolder(t, 'src/http') },
  {
    name: 'the web app imports from src/ only the contract, domain rules, the languages and the libraries’ browser entries',
    covers: (f) => inFolder(f, 'web/src'),
    refuse: (t) => t.startsWith('src/') && !(inFolder(t, 'src/contract', 'src/domain') || t === 'src/i18n/browser.ts' || t === 'src/modelgen/browser.ts' || t === 'src/modelgen/browser-redraw.ts' || t === 'src/irradiance/browser.ts' || t === 'src/solar-design/index.ts'),
  },
  {
    name: 'the site report (report/) imports only itself, the contract, domain rules, the languages and packages',
    covers: (f) => inFolder(f, 'src/report'),
    refuse: (t) => t.startsWith('src/') && !inFolder(t, 'src/report', 'src/contract', 'src/domain', 'src/i18n'),
  },
  {
    name: 'the languages (i18n) import only themselves, the contract and packages',
    covers: (f) => inFolder(f, 'src/i18n'),
    refuse: (t) => t.startsWith('src/') && !inFolder(t, 'src/i18n', 'src/contract'),
  },
];

/** Whether every import of `target` in `file` is `import type`. */
function typeOnlyImport(file: string, target: string): boolean {
  const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const statements = [...source.matchAll(/\b(import|export)\s+(type\s+)?[^;'"`]*?\bfrom\s*['"]([^'"]+)['"]/g)];
  return statements
    .filter((match) => match[3].startsWith('.') && path.posix.normalize(path.posix.join(path.posix.dirname(file), match[3])) === target)
    .every((match) => match[1] === 'import' && match[2] !== undefined);
}

test('the import graph was read', () => {
  assert.ok(GRAPH.size > 150, `read ${GRAPH.size} files`);
  assert.ok(GRAPH.get('src/app.ts')?.includes('src/compose.ts') === false, 'app.ts does not build the services');
  assert.ok(GRAPH.get('src/runtime.ts')?.includes('src/compose.ts'), 'imports are resolved to files');
  for (const [file, targets] of GRAPH) {
    for (const target of targets) if (!target.startsWith('package:') && /\.(ts|js)$/.test(target)) assert.ok(GRAPH.has(target), `${file} imports ${target}, which is not a source file`);
  }
});

for (const rule of RULES) {
  test(`layering: ${rule.name}`, () => {
    const broken = [...GRAPH].flatMap(([file, targets]) => (rule.covers(file) ? targets.filter((target) => rule.refuse(target, file)).map((target) => `${file} → ${target}`) : []));
    assert.deepEqual(broken, []);
  });
}

test('there is no import cycle, type-only imports included', () => {
  const cycles = stronglyConnected([...GRAPH.keys()], (file) => (GRAPH.get(file) ?? []).filter((target) => GRAPH.has(target))).filter((component) => component.length > 1 || GRAPH.get(component[0])!.includes(component[0]));
  assert.deepEqual(cycles, []);
});

/** Tarjan's strongly connected components: every cycle lies inside one component of two or more files. */
function stronglyConnected(nodes: string[], edges: (node: string) => string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of edges(node)) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return components;
}
