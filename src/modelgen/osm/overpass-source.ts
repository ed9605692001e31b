import { AREA_FILTERS, WATERWAY_FILTER } from '../features/ground-tags.ts';
import type { OsmElement } from './osm-elements.ts';

export interface OverpassOptions {
  url: string;
  userAgent: string;
  /** Milliseconds for each attempt. */
  timeoutMs: number;
  /** Attempts in all, with doubling waits between them, on 429 and 504. */
  attempts: number;
  fetch: typeof fetch;
}

export const OVERPASS_DEFAULTS = { timeoutMs: 90_000, attempts: 3, userAgent: 'solar-partner/1.0 (3D city models for solar planning)' } as const;

/** The Overpass QL query for everything a model of a circle needs, in one request. */
export function overpassQuery(latitude: number, longitude: number, radiusM: number): string {
  const around = `(around:${Math.ceil(radiusM)},${latitude},${longitude})`;
  return `[out:json][timeout:80];
(
  way["building"]${around};
  way["building:part"]${around};
  relation["building"]${around};
  relation["building:part"]${around};
  node["natural"="tree"]${around};
  way["natural"="tree_row"]${around};
  way["highway"]${around};
  way["natural"="coastline"]${around};
  way["natural"="cliff"]${around};
  way${WATERWAY_FILTER}${around};
${AREA_FILTERS.map((filter) => `  way${filter}${around};\n  relation["type"="multipolygon"]${filter}${around};\n`).join('')}  node["generator:source"="solar"]${around};
  way["generator:source"="solar"]${around};
  node["addr:housenumber"]${around};
);
(._;>;);
out body;`;
}

/**
 * Fetches the circle's OpenStreetMap data from an Overpass API server, retrying with backoff when it is
 * busy (429) or timed out (504).
 *
 * @throws Error saying what the server answered, after the last attempt
 */
export async function fetchOverpass(latitude: number, longitude: number, radiusM: number, options: Partial<OverpassOptions> & { url: string }): Promise<OsmElement[]> {
  const settings: OverpassOptions = { ...OVERPASS_DEFAULTS, fetch: globalThis.fetch, ...options };
  const body = new URLSearchParams({ data: overpassQuery(latitude, longitude, radiusM) });
  let lastProblem = '';
  for (let attempt = 1; attempt <= settings.attempts; attempt++) {
    try {
      const response = await settings.fetch(settings.url, {
        method: 'POST',
        body,
        headers: { 'user-agent': settings.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      if (response.ok) return ((await response.json()) as { elements: OsmElement[] }).elements;
      lastProblem = `Overpass API answered HTTP ${response.status}`;
      if (response.status !== 429 && response.status !== 504) break;
    } catch (error) {
      lastProblem = `Overpass API could not be reached: ${(error as Error).message}`;
    }
    if (attempt < settings.attempts) await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** (attempt - 1)));
  }
  throw new Error(lastProblem);
}
