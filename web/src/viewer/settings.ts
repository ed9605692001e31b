import type { ViewerSettings } from '../../../src/domain/viewer-settings.ts';

export type { ViewerSettings };

/**
 * Reads the settings the service wrote into the page.
 *
 * @throws Error when the block is missing or unreadable (the page was not served by the service)
 */
export function readSettings(document: Document): ViewerSettings {
  const block = document.getElementById('viewer-settings');
  if (!block?.textContent) throw new Error('This page must be opened through the service (its settings are missing).');
  const settings = JSON.parse(block.textContent) as ViewerSettings;
  if (!Number.isFinite(settings.latitude) || !Number.isFinite(settings.longitude)) throw new Error('The page settings have no location.');
  return settings;
}
