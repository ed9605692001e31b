import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The machine's Chromium (Debian package), or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why browser tests cannot run here, or undefined when they can. */
export function browserSkipReason(): string | undefined {
  return fs.existsSync(CHROMIUM_PATH) ? undefined : `Chromium not found at ${CHROMIUM_PATH}: install the Debian package chromium (.ci/run does) or set CHROMIUM_PATH`;
}

/**
 * Starts headless Chromium without network chatter. WebGL runs on SwiftShader (the CPU), as on a
 * machine without a GPU.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
      '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist',
    ],
  });
}
