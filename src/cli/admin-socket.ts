import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { accountCommands } from './account-commands.ts';
import { useProcessDatabase, type CommandContext } from './command.ts';
import { keyCommands } from './key-commands.ts';
import { runCommand, type CommandOutcome } from './run-command.ts';
import { usageCommand } from './usage-command.ts';

/** The operator's commands that a running service with the embedded database runs for the CLI. */
export const ADMIN_COMMANDS: Record<string, (context: CommandContext) => Promise<void>> = { accounts: accountCommands, keys: keyCommands, usage: usageCommand };

/** Largest request line: a command and its arguments. */
const MAX_REQUEST_BYTES = 64 * 1024;

/** Where the service listens for operator commands: in a folder only its user may enter. */
export function adminSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'run', 'admin.sock');
}

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * Listens on a local socket for `accounts`, `keys` and `usage` commands and runs them in this process,
 * which holds the embedded database, so an operator need not stop the service to manage partners. Only
 * the service's user can open the socket: it lives in a folder of mode 0700 and has mode 0600 itself.
 * One request per connection: a JSON line `{"command", "args"}`; the answer is a JSON line per output
 * line (`{"out"}`) and a last one with the exit code (`{"code", "error"?}`).
 *
 * @returns a function that stops listening and removes the socket
 */
export async function startAdminSocket(config: Config, database: DatabaseHandle, logger: Logger): Promise<() => Promise<void>> {
  const socketPath = adminSocketPath(config.dataDir);
  const folder = path.dirname(socketPath);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  fs.chmodSync(folder, 0o700);
  // This process holds the database lock, so a socket file left here is from a process that died.
  fs.rmSync(socketPath, { force: true });
  const releaseDatabase = useProcessDatabase(database);
  const server = net.createServer((socket) => serve(socket, config, logger));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(socketPath, { force: true });
    releaseDatabase();
  };
}

function serve(socket: net.Socket, config: Config, logger: Logger): void {
  let buffer = '';
  socket.setEncoding('utf8');
  socket.setTimeout(60_000, () => socket.destroy());
  socket.on('error', () => {});
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    const end = buffer.indexOf('\n');
    if (end === -1) {
      if (buffer.length > MAX_REQUEST_BYTES) socket.end(`${JSON.stringify({ code: 2, error: 'The command is too long.' })}\n`);
      return;
    }
    socket.removeAllListeners('data');
    void answer(buffer.slice(0, end), socket, config, logger);
  });
}

async function answer(line: string, socket: net.Socket, config: Config, logger: Logger): Promise<void> {
  const send = (message: object) => socket.writable && socket.write(`${JSON.stringify(message)}\n`);
  let request: { command?: unknown; args?: unknown };
  try {
    request = JSON.parse(line);
  } catch {
    request = {};
  }
  const command = typeof request.command === 'string' && Object.hasOwn(ADMIN_COMMANDS, request.command) ? ADMIN_COMMANDS[request.command] : undefined;
  const args = Array.isArray(request.args) && request.args.every((arg) => typeof arg === 'string') ? (request.args as string[]) : undefined;
  if (!command || !args) {
    socket.end(`${JSON.stringify({ code: 2, error: `The admin socket runs ${Object.keys(ADMIN_COMMANDS).join(', ')} with a list of text arguments.` })}\n`);
    return;
  }
  // The command's name only: its arguments hold e-mail addresses and keys.
  logger.info({ command: request.command }, 'operator command through the admin socket');
  const outcome = await runCommand(command, config, args, (out) => send({ out }));
  if (outcome.code !== 0) logger.warn({ command: request.command, code: outcome.code }, 'operator command failed');
  socket.end(`${JSON.stringify(outcome)}\n`);
}

/**
 * Sends a command to the running service's admin socket and prints its output.
 *
 * @returns the command's outcome, or the reason the socket could not be used (no such file, no permission, no answer)
 */
export async function runThroughAdminSocket(dataDir: string, command: string, args: string[], out: (line: string) => void): Promise<CommandOutcome | { unavailable: string }> {
  const socketPath = adminSocketPath(dataDir);
  return new Promise((resolve) => {
    let outcome: CommandOutcome | undefined;
    let buffer = '';
    const socket = net.createConnection(socketPath);
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ command, args })}\n`));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n')) {
        const message = JSON.parse(buffer.slice(0, end)) as { out?: string; code?: number; error?: string };
        buffer = buffer.slice(end + 1);
        if (typeof message.out === 'string') out(message.out);
        if (typeof message.code === 'number') outcome = { code: message.code, ...(message.error ? { error: message.error } : {}) };
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ unavailable: `its admin socket ${socketPath} cannot be opened (${error.code ?? error.message})` }));
    socket.on('close', () => resolve(outcome ?? { unavailable: `its admin socket ${socketPath} gave no answer` }));
  });
}
