import path from 'node:path';
import { indexExtract } from '../modelgen/sources.ts';
import { UsageError, type CommandContext } from './command.ts';
import { progressDisplay } from './progress-display.ts';

/**
 * `osm index [extract]`: builds the cell index of a local OpenStreetMap extract (OSM_EXTRACT when none
 * is named) in DATA_DIR/cache, streaming it with bounded memory, before the service generates models
 * from it; requests never build it.
 */
export async function osmCommand(context: CommandContext): Promise<void> {
  const { positionals } = context.parse({});
  const [action, named, ...extra] = positionals;
  if (action !== 'index' || extra.length > 0) throw new UsageError(`${action ? `Unknown osm command "${positionals.join(' ')}"` : 'Missing osm command'}: use "osm index [extract]"`);
  const extract = named ?? context.config.osmExtract;
  if (!extract) throw new UsageError('Name the extract to index ("osm index country.osm.pbf") or set OSM_EXTRACT');
  const file = path.resolve(extract);
  const started = Date.now();
  const display = progressDisplay(process.stderr);
  const summary = await indexExtract(file, path.join(context.config.dataDir, 'cache'), (fraction, step) => display.update(fraction * 100, step));
  display.done();
  if (!summary) {
    context.out(`${path.basename(file)} is already indexed in ${path.join(context.config.dataDir, 'cache', 'osm-index')}.`);
    return;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  context.out(`Indexed ${path.basename(file)} in ${seconds} s: ${summary.nodes} nodes, ${summary.ways} ways and ${summary.relations} multipolygons kept, ${summary.cells} cells, ${(summary.bytes / 1e6).toFixed(1)} MB.`);
}
