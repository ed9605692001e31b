import type { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';

type ParseOptions = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

/** What a CLI command gets: settings, its arguments, a way to print, and a strict option parser. */
export interface CommandContext {
  config: Config;
  args: string[];
  out: (line: string) => void;
  parse: <O extends ParseOptions>(options: O) => { values: Record<string, string | boolean | string[] | undefined>; positionals: string[] };
}

/** The command was called wrongly (exit code 2). */
export class UsageError extends Error {}

/** The database this process already holds open: set in the service, whose admin socket runs commands. */
let processDatabase: DatabaseHandle | undefined;

/**
 * Makes commands run in this process use its open database (the embedded one allows one owner).
 *
 * @returns a function that undoes it
 */
export function useProcessDatabase(handle: DatabaseHandle): () => void {
  processDatabase = handle;
  return () => {
    if (processDatabase === handle) processDatabase = undefined;
  };
}

/** Opens the database for one command and closes it afterwards, whatever happens (or uses the process's own). */
export async function withDatabase<T>(config: Config, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  if (processDatabase) return work(processDatabase);
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: config.databaseSchema, migrate: true });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/** A required string option, or a usage error naming it. */
export function requireOption(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}
