import fs from 'node:fs';
import path from 'node:path';

/** The recorded real inputs beside the project (`../shared/data`), when present. */
export const SHARED_DATA_DIR = path.resolve(import.meta.dirname, '../../../shared/data');

/** The path of a shared data file, or undefined when the folder is absent (tests then skip, saying so). */
export function sharedDataFile(relative: string): string | undefined {
  const file = path.join(SHARED_DATA_DIR, relative);
  return fs.existsSync(file) ? file : undefined;
}

/** The reason given when a test skips for want of shared data. */
export function missingSharedData(relative: string): string {
  return `needs ${path.join(SHARED_DATA_DIR, relative)} (recorded real data beside the project), which is absent`;
}
