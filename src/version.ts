import fs from 'node:fs';

/** The service's version, from package.json (reported by the health check, OpenAPI and MCP). */
export const VERSION: string = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
