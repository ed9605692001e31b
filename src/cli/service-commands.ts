import { migrateToLatest } from '../db/migrate.ts';
import { openDatabase } from '../db/database.ts';
import { startService, type RunningService } from '../runtime.ts';
import type { CommandContext } from './command.ts';

/** `serve`: the whole service in one process (npm start). */
export async function serveCommand(context: CommandContext): Promise<void> {
  const service = await startService(context.config, { http: true });
  stopOnSignals(service);
}

/** `worker`: queue workers only, for more machines on one PostgreSQL. */
export async function workerCommand(context: CommandContext): Promise<void> {
  if (context.config.workers === 0) throw new Error('WORKERS is 0; a worker process needs at least one');
  const service = await startService(context.config, { http: false });
  stopOnSignals(service);
}

/** `migrate`: bring the schema up to date and say what ran. */
export async function migrateCommand(context: CommandContext): Promise<void> {
  const handle = await openDatabase({ databaseUrl: context.config.databaseUrl, dataDir: context.config.dataDir, schema: context.config.databaseSchema, migrate: false });
  try {
    const ran = await migrateToLatest(handle.db, handle.schema);
    context.out(ran.length ? `Applied ${ran.join(', ')}.` : 'The database is up to date.');
  } finally {
    await handle.close();
  }
}

function stopOnSignals(service: RunningService): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    service.logger.info({ signal }, 'stopping');
    service.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
