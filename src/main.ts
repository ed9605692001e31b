import fs from 'node:fs';
import { ConfigError, loadConfig, type Config } from './config.ts';
import type { CommandContext } from './cli/command.ts';
import { runCommand } from './cli/run-command.ts';

const HELP = `Usage: solar-partner <command> [options]

Service
  serve                                   run the API, the queue workers and the file server (npm start)
  worker                                  run queue workers only (more machines, same DATABASE_URL)
  migrate                                 bring the database schema up to date
  generate --lat L --lng L [--radius R] [--quality hd|sd] --out model.glb
                                          build one model with the data settings (no database)
  pregenerate --bbox W,S,E,N | --around LAT,LNG,KM [--spacing KM] [--quality sd|hd] [--queue-only]
                                          queue the models of a grid of places over an area for the
                                          workers (spacing 0.1 to 10 km, default 0.4; quality default sd;
                                          --around: a square KM km on each side), then show progress
                                          and the time left; run it again to go on after a stop
  osm index [extract]                     index a local OpenStreetMap extract (OSM_EXTRACT when none
                                          is named) before models are generated from it

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

  help, or --help after any command        this text (for one command: its lines)

Settings come from the environment (and ./.env when present); see the README.
Exit codes: 0 success, 1 failure, 2 usage error.`;

/**
 * The commands, each loaded when it runs: a command pays only for the code it needs (indexing an
 * extract loads no HTTP server, queue or database client).
 */
const COMMANDS: Record<string, () => Promise<(context: CommandContext) => Promise<void>>> = {
  serve: async () => (await import('./cli/service-commands.ts')).serveCommand,
  worker: async () => (await import('./cli/service-commands.ts')).workerCommand,
  migrate: async () => (await import('./cli/service-commands.ts')).migrateCommand,
  accounts: async () => (await import('./cli/account-commands.ts')).accountCommands,
  keys: async () => (await import('./cli/key-commands.ts')).keyCommands,
  usage: async () => (await import('./cli/usage-command.ts')).usageCommand,
  mcp: async () => (await import('./cli/mcp-command.ts')).mcpCommand,
  generate: async () => (await import('./cli/generate-command.ts')).generateCommand,
  pregenerate: async () => (await import('./cli/pregenerate-command.ts')).pregenerateCommand,
  osm: async () => (await import('./cli/osm-command.ts')).osmCommand,
};

/** The help's lines for one command (with their continuation lines), under the usage line. */
function commandHelp(name: string): string {
  const lines = HELP.split('\n');
  const picked: string[] = [];
  let inCommand = false;
  for (const line of lines) {
    const entry = /^ {2}(\S.*)$/.exec(line)?.[1];
    if (entry !== undefined) inCommand = entry === name || entry.startsWith(`${name} `);
    else if (!/^ {10,}\S/.test(line)) inCommand = false;
    if (inCommand) picked.push(line);
  }
  return `Usage: solar-partner ${name} [options]\n\n${picked.join('\n')}\n\nSettings come from the environment (and ./.env when present); see the README.`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(`${HELP}\n`);
    return name === undefined ? 2 : 0;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) {
    process.stderr.write(`Unknown command "${name}".\n\n${HELP}\n`);
    return 2;
  }
  // Help is asked for, not a command to run (`migrate --help` must not migrate); after `--` it is a value.
  const options = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  if (options.includes('--help') || options.includes('-h')) {
    process.stdout.write(`${commandHelp(name)}\n`);
    return 0;
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
  const out = (line: string) => process.stdout.write(`${line}\n`);
  let outcome = await runCommand(await load(), config, rest, out);
  const { ADMIN_COMMANDS, runThroughAdminSocket } = outcome.busy ? await import('./cli/admin-socket.ts') : { ADMIN_COMMANDS: {}, runThroughAdminSocket: undefined };
  if (outcome.busy && runThroughAdminSocket && Object.hasOwn(ADMIN_COMMANDS, name)) {
    // The service holds the embedded database: it runs the command itself, through its admin socket.
    const forwarded = await runThroughAdminSocket(config.dataDir, name, rest, out);
    outcome = 'unavailable' in forwarded ? { code: 1, error: `${outcome.error} (The running service could not take the command: ${forwarded.unavailable}.)` } : forwarded;
  }
  if (outcome.error) process.stderr.write(`${outcome.error}\n`);
  return outcome.code;
}

const code = await main(process.argv.slice(2));
// serve, worker and mcp keep running (until a signal, or the end of standard input); every other command ends here.
if (code !== 0 || !['serve', 'worker', 'mcp'].includes(process.argv[2] ?? '')) process.exit(code);
