import type { Kysely } from 'kysely';
import { AgentSessionsRepository } from '../db/agent-sessions-repository.ts';
import { IrradianceCacheRepository } from '../db/irradiance-cache-repository.ts';
import { CACHED_IRRADIANCE_DEFAULTS } from '../irradiance/index.ts';
import { RateLimitRepository } from '../db/rate-limit-repository.ts';
import type { Database } from '../db/schema.ts';

/** Expired sessions stay readable to operators for a week, then go. */
const EXPIRED_SESSION_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** The longest rate-limit window in use. */
const LONGEST_WINDOW_MS = 60 * 60 * 1000;

/** Deletes rows nobody will read again: counted requests outside every window, long-expired sessions, stale irradiance. */
export async function runHousekeeping(db: Kysely<Database>, now: Date): Promise<{ rateLimitHits: number; sessions: number; irradiance: number }> {
  const rateLimitHits = await new RateLimitRepository(db).deleteOlderThan(new Date(now.getTime() - LONGEST_WINDOW_MS));
  const sessions = await new AgentSessionsRepository(db).deleteExpired(new Date(now.getTime() - EXPIRED_SESSION_RETENTION_MS));
  const irradiance = await new IrradianceCacheRepository(db).deleteOlderThan(new Date(now.getTime() - CACHED_IRRADIANCE_DEFAULTS.maxAgeMs));
  return { rateLimitHits, sessions, irradiance };
}
