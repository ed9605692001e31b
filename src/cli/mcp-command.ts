import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { VERSION } from '../version.ts';
import { HttpBackend } from '../mcp/http-backend.ts';
import { createSolarMcpServer } from '../mcp/solar-mcp-server.ts';
import { requireOption, UsageError, type CommandContext } from './command.ts';

/**
 * `mcp --base-url URL`: the MCP tools over stdio for desktop agents, calling the REST API of a running
 * service. Standard output carries the protocol only; notes go to standard error.
 */
export async function mcpCommand(context: CommandContext): Promise<void> {
  const { values } = context.parse({ 'base-url': { type: 'string' } });
  const baseUrl = requireOption(values, 'base-url');
  if (!/^https?:\/\/[^/]+/.test(baseUrl)) throw new UsageError(`--base-url must be the service's address, such as https://solar.example.com (got "${baseUrl}")`);
  const backend = new HttpBackend(baseUrl);
  serveStdio(() => createSolarMcpServer(backend, VERSION));
  process.stderr.write(`solar-partner MCP server on stdio, using ${baseUrl}\n`);
}
