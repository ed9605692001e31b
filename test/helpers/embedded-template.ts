import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/database.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../src/db/migrations');
const PGLITE_PACKAGE = path.resolve(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json');

const PREFIX = 'solar-partner-pglite-';

let template: Promise<Blob> | undefined;

/**
 * A dump of an empty, migrated embedded database that test contexts start from: creating an embedded
 * database runs initdb (3 to 5 s on the CI machine), loading a dump takes about one. The dump is kept
 * in the temporary folder for the other test files, named after the migrations and the PGlite version
 * it was made with, so a changed migration or an upgraded PGlite makes a new one.
 */
export function embeddedTemplate(): Promise<Blob> {
  template ??= readOrMake();
  return template;
}

async function readOrMake(): Promise<Blob> {
  const name = `${PREFIX}${fingerprint()}.tar`;
  const file = path.join(os.tmpdir(), name);
  try {
    return new Blob([fs.readFileSync(file)]);
  } catch {
    // Not made yet (or removed by a run of other migrations): made now.
  }
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    const dump = await handle.pglite!.dumpDataDir('none');
    // Written aside and renamed: test files running side by side never read a half-written dump.
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    removeOtherDumps(name);
    return dump;
  } finally {
    await handle.close();
  }
}

/** Dumps of other migrations or PGlite releases are not read again: 41 MB each, they are removed. */
function removeOtherDumps(kept: string): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (name.startsWith(PREFIX) && name.endsWith('.tar') && name !== kept) fs.rmSync(path.join(os.tmpdir(), name), { force: true });
  }
}

/** Names what the dump depends on: every migration's text and the PGlite release. */
function fingerprint(): string {
  const hash = createHash('sha256');
  for (const name of fs.readdirSync(MIGRATIONS).sort()) hash.update(name).update(fs.readFileSync(path.join(MIGRATIONS, name)));
  hash.update(fs.readFileSync(PGLITE_PACKAGE));
  return hash.digest('hex').slice(0, 16);
}
