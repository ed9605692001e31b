import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { DataDirBusyError } from '../db/data-dir-lock.ts';
import { UsageError, type CommandContext } from './command.ts';
import { joinNegativeValues } from './option-values.ts';

/** How a command ended: its exit code and, on failure, the text for standard error. */
export interface CommandOutcome {
  code: number;
  error?: string;
  /** The embedded database is held by another process (nothing was done). */
  busy?: boolean;
}

/**
 * Runs one command with its arguments and maps its failure to an exit code and a message: 2 for a
 * wrong call, 1 otherwise. Used by the command line and by the service's admin socket alike.
 */
export async function runCommand(command: (context: CommandContext) => Promise<void>, config: Config, args: string[], out: (line: string) => void): Promise<CommandOutcome> {
  try {
    await command({ config, args, out, parse: (options) => parseArgs({ args: joinNegativeValues(args, options), options, allowPositionals: true, strict: true }) });
    return { code: 0 };
  } catch (error) {
    if (error instanceof UsageError || (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      return { code: 2, error: `${(error as Error).message}\n\nRun "solar-partner help" for the commands.` };
    }
    if (error instanceof DataDirBusyError) return { code: 1, error: error.message, busy: true };
    return { code: 1, error: `Error: ${(error as Error).message}` };
  }
}
