import path from 'node:path';
import type { Lod2SourceOptions } from './lod2-types.ts';

/** One LoD2 source of the settings: local files or folders, or an OGC API – Features service with CityJSON. */
export type Lod2SourceSpec = { kind: 'local'; path: string; options: Lod2SourceOptions } | { kind: 'remote'; url: string; options: Lod2SourceOptions & { collection?: string } };

const OPTION_NAMES = ['crs', 'name', 'title', 'attribution', 'collection'];

/**
 * Parses `LOD2_SOURCE`: comma-separated entries, each a path (file or folder, relative to `cwd`) or an
 * `http(s)://` OGC API – Features address, optionally followed by `|key=value` options: `crs` (for
 * files that name none), `name` (the dataset's short name in `roofSource: lod2:<name>`), `title` (its name
 * for visitors and the site report), `attribution`,
 * and for services `collection` (default `pand`, the 3D BAG's). Returns the sources and one line per problem.
 */
export function parseLod2Sources(value: string | undefined, cwd: string): { sources: Lod2SourceSpec[]; problems: string[] } {
  const sources: Lod2SourceSpec[] = [];
  const problems: string[] = [];
  for (const entry of (value ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
    const [location, ...rest] = entry.split('|').map((part) => part.trim());
    const options: Record<string, string> = {};
    for (const option of rest) {
      const equals = option.indexOf('=');
      const key = equals > 0 ? option.slice(0, equals).trim() : '';
      if (!OPTION_NAMES.includes(key) || !option.slice(equals + 1).trim()) {
        problems.push(`LOD2_SOURCE entry "${entry}": option "${option}" is not one of ${OPTION_NAMES.map((n) => `${n}=…`).join(', ')}`);
        continue;
      }
      options[key] = option.slice(equals + 1).trim();
    }
    if (options.name && !/^[a-z0-9][a-z0-9._-]{0,40}$/i.test(options.name)) problems.push(`LOD2_SOURCE entry "${entry}": name must be letters, digits, ".", "_" or "-" (got "${options.name}")`);
    if (/^[a-z]+:\/\//i.test(location)) {
      if (!/^https?:\/\//i.test(location)) problems.push(`LOD2_SOURCE entry "${entry}": a service address must be http:// or https://`);
      else sources.push({ kind: 'remote', url: location.replace(/\/+$/, ''), options });
    } else {
      sources.push({ kind: 'local', path: path.resolve(cwd, location), options });
    }
  }
  return { sources, problems };
}
