import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where the browser tests save their screenshots: a folder under the system's temporary directory, so a
 * test run never rewrites tracked files. `npm run screenshots` (scripts/refresh-screenshots.ts) points
 * SCREENSHOT_DIR at docs/ to refresh the README's pictures on purpose.
 */
export const SCREENSHOT_DIR = path.resolve(process.env.SCREENSHOT_DIR || path.join(os.tmpdir(), 'solar-partner-screenshots'));
fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
