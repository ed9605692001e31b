import fs from 'node:fs';
import path from 'node:path';

/** The embedded database folder is held by another live process. */
export class DataDirBusyError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by another solar-partner process (pid ${pid}). ` +
        'Stop that process first, or run this command against PostgreSQL with DATABASE_URL.',
    );
  }
}

/**
 * Takes the single-owner lock of an embedded database folder. PGlite has no locking of its own and two
 * processes writing one folder corrupt it, so a pid file guards it; a lock left by a dead process is taken over.
 *
 * @returns a function that releases the lock
 * @throws DataDirBusyError when a live process holds the folder
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirBusyError(dataDir, holder);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
