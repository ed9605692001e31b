import type { ViewerSettings } from '../../src/domain/viewer-settings.ts';

/** The settings block of a viewer page, parsed. */
export function pageSettings(html: string): ViewerSettings {
  const match = /<script type="application\/json" id="viewer-settings">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error('the page has no settings block');
  return JSON.parse(match[1]) as ViewerSettings;
}
