import path from 'node:path';
import { composeForQueueing } from '../compose.ts';
import { generatorSources, type Config } from '../config.ts';
import { AreaError, parseAround, parseBox, parseSpacing, type GeoBox } from '../domain/pregeneration-area.ts';
import { estimateProgress, formatDuration } from '../domain/pregeneration-progress.ts';
import { createLogger } from '../logging.ts';
import { loadGazetteer } from '../modelgen/index.ts';
import type { PregenerationPlan, PregenerationService } from '../services/pregeneration-service.ts';
import { UsageError, withDatabase, type CommandContext } from './command.ts';
import { progressDisplay } from './progress-display.ts';

/** Seconds between progress reads: often on a terminal, less in logs. */
const FOLLOW_SECONDS_TTY = 2;
const FOLLOW_SECONDS_LOG = 15;

/**
 * `pregenerate --bbox W,S,E,N | --around LAT,LNG,KM [--spacing KM] [--quality sd|hd] [--queue-only]`:
 * queues the models of a grid of places over an area for the workers (`serve` and `worker` processes
 * on any machine with the same DATABASE_URL and object store), then follows their progress with an
 * estimate of the time left. Stopping the command stops no worker; running it again goes on.
 */
export async function pregenerateCommand(context: CommandContext): Promise<void> {
  const { values, positionals } = context.parse({ bbox: { type: 'string' }, around: { type: 'string' }, spacing: { type: 'string' }, quality: { type: 'string' }, 'queue-only': { type: 'boolean' } });
  if (positionals.length > 0) throw new UsageError(`pregenerate takes no arguments besides its options (got "${positionals.join(' ')}")`);
  const plan = readPlan(values);
  const { config, out } = context;
  await withDatabase(config, async (handle) => {
    const parts = await composeForQueueing(config, handle, createLogger(config.logLevel));
    try {
      const service = parts.services.pregeneration;
      const now = () => parts.services.now();
      const loadNames = (box: GeoBox) => {
        out(`Reading town names from ${namesSource(config)} …`);
        return loadGazetteer(generatorSources(config), box);
      };
      const run = await service.plan(plan, loadNames, now());
      out(`${run.created ? 'New' : 'Continuing'} run ${run.id}: ${run.places} places ${run.spacingKm} km apart over ${run.area} (W,S,E,N), ${run.quality.toUpperCase()} models of radius 0.3 km.`);
      const display = progressDisplay(process.stderr);
      const queued = await service.queue(run.id, now, { onQueued: (count) => display.update((count / run.places) * 100, `handing places to the queue: ${count}`) });
      display.done();
      const counts = await service.counts(run.id);
      out(`Queued ${queued} places now; ${counts.alreadyFresh} of the run's places had a fresh model already (skipped).`);
      if (handle.kind === 'pglite') {
        // The embedded database has one owner: no worker can build while this command holds it.
        out('With the embedded database the service builds them once it runs again: start it with solar-partner serve (or npm start), and see them on /explore.');
        return;
      }
      if (values['queue-only']) {
        out('The workers (serve and worker processes on this DATABASE_URL) generate them. Run the same command again to follow the progress.');
        return;
      }
      out('Generation runs on the serve and worker processes. Stopping this command (Ctrl-C) stops no worker; run it again to follow or to go on.');
      await follow(service, run.id, now, out);
    } finally {
      await parts.close();
    }
  });
}

/** The options as a plan, or a usage error saying what is allowed. */
export function readPlan(values: Record<string, unknown>): PregenerationPlan {
  const bbox = values.bbox as string | undefined;
  const around = values.around as string | undefined;
  if ((bbox === undefined) === (around === undefined)) throw new UsageError('Give the area with exactly one of --bbox W,S,E,N (degrees) or --around LAT,LNG,KM (a square KM km on each side)');
  const quality = (values.quality ?? 'sd') as string;
  if (quality !== 'sd' && quality !== 'hd') throw new UsageError(`--quality must be sd or hd (got "${quality}"); sd is what the viewer shows visitors without Pro`);
  try {
    const box: GeoBox = bbox !== undefined ? parseBox(bbox) : parseAround(around!);
    return { box, spacingKm: parseSpacing(values.spacing as string | undefined), quality };
  } catch (error) {
    if (error instanceof AreaError) throw new UsageError(error.message);
    throw error;
  }
}

/** Prints the run's progress until every place is ready or failed. */
async function follow(service: PregenerationService, runId: number, now: () => Date, out: (line: string) => void): Promise<void> {
  const display = progressDisplay(process.stderr);
  const everySeconds = process.stderr.isTTY ? FOLLOW_SECONDS_TTY : FOLLOW_SECONDS_LOG;
  const first = await service.counts(runId);
  const since = { atMs: now().getTime(), done: first.ready + first.failed };
  for (;;) {
    const asked = Date.now();
    const counts = await service.counts(runId);
    // A run of a million places takes a while to count: read less often, so the database works for the workers.
    const pauseMs = Math.max(everySeconds * 1000, (Date.now() - asked) * 20);
    const estimate = estimateProgress(counts, since, now().getTime());
    const rate =
      estimate.perMinute === undefined ? (estimate.remaining === 0 ? 'all done' : 'waiting for the first model from a worker')
      : `${estimate.perMinute.toFixed(1)} models/min${estimate.remaining === 0 ? '' : `, about ${formatDuration(estimate.etaSeconds ?? 0)} left`}`;
    display.update(estimate.percent, `${estimate.done}/${counts.total} done (${counts.failed} failed, ${counts.inProgress} in the queue) · ${rate}`);
    if (estimate.remaining === 0) break;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  display.done();
  const counts = await service.counts(runId);
  out(`Done: ${counts.ready} ready, ${counts.failed} failed${counts.failed > 0 ? ' (run the command again to try those again)' : ''}. They are listed on /explore.`);
}

/** Where the generator reads OpenStreetMap, which the town names come from too. */
function namesSource(config: Config): string {
  if (config.osmDatabaseUrl) return `the OpenStreetMap database (${new URL(config.osmDatabaseUrl).pathname.slice(1)} on ${new URL(config.osmDatabaseUrl).hostname})`;
  if (config.osmExtract) return `the extract ${path.basename(config.osmExtract)}`;
  return `Overpass (${new URL(config.overpassUrl).host})`;
}
