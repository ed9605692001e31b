import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DataDirBusyError } from './db/data-dir-lock.ts';
import { accountCommands } from './cli/account-commands.ts';
import { keyCommands } from './cli/key-commands.ts';
import { generateCommand } from './cli/generate-command.ts';
import { mcpCommand } from './cli/mcp-command.ts';
import { usageCommand } from './cli/usage-command.ts';
import { UsageError, type CommandContext } from './cli/command.ts';
import { joinNegativeValues } from './cli/option-values.ts';
import { migrateCommand, serveCommand, workerCommand } from './cli/service-commands.ts';

const HELP = `Usage: solar-partner <command> [options]

Service
  serve                                   run the API, the queue workers and the file server (npm start)
  worker                                  run queue workers only (more machines, same DATABASE_URL)
  migrate                                 bring the database schema up to date
  generate --lat L --lng L [--radius R] [--quality hd|sd] --out model.glb
                                          build one model with the data settings (no database)

Accounts and keys
  accounts create --email E --plan free|pro|business
  accounts set-plan --email E --plan free|pro|business
  keys create --email E [--name N]        prints the new key as the last line (shown once)
  keys list --email E
  keys revoke <key or prefix>
  keys origins <prefix> [--origin URL ...] sites allowed to frame the embed with this key (none: any)
  usage --email E                          model requests per month and key, billable and not

AI agents
  mcp --base-url URL                       the MCP tools over stdio, using the service at URL

Settings come from the environment (and ./.env when present); see the README.
Exit codes: 0 success, 1 failure, 2 usage error.`;

const COMMANDS: Record<string, (context: CommandContext) => Promise<void>> = {
  serve: serveCommand,
  worker: workerCommand,
  migrate: migrateCommand,
  accounts: accountCommands,
  keys: keyCommands,
  usage: usageCommand,
  mcp: mcpCommand,
  generate: generateCommand,
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(`${HELP}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`Unknown command "${name}".\n\n${HELP}\n`);
    return 2;
  }
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  try {
    await command({ config, args: rest, out: (line) => process.stdout.write(`${line}\n`), parse: (options) => parseArgs({ args: joinNegativeValues(rest, options), options, allowPositionals: true, strict: true }) });
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${(error as Error).message}\n\nRun "solar-partner help" for the commands.\n`);
      return 2;
    }
    if (error instanceof DataDirBusyError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    process.stderr.write(`Error: ${(error as Error).message}\n`);
    return 1;
  }
}

const code = await main(process.argv.slice(2));
// serve, worker and mcp keep running (until a signal, or the end of standard input); every other command ends here.
if (code !== 0 || !['serve', 'worker', 'mcp'].includes(process.argv[2] ?? '')) process.exit(code);
