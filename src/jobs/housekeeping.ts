import type { Kysely } from 'kysely';
import { AccountTokensRepository } from '../db/account-tokens-repository.ts';
import { AgentSessionsRepository } from '../db/agent-sessions-repository.ts';
import { IrradianceCacheRepository } from '../db/irradiance-cache-repository.ts';
import { CACHED_IRRADIANCE_DEFAULTS } from '../irradiance/index.ts';
import { RateLimitRepository } from '../db/rate-limit-repository.ts';
import type { Database } from '../db/schema.ts';
import { SignInSessionsRepository } from '../db/sign-in-sessions-repository.ts';

/** Expired sessions stay readable to operators for a week, then go. */
const EXPIRED_SESSION_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** The longest rate-limit window in use. */
const LONGEST_WINDOW_MS = 60 * 60 * 1000;

/**
 * Deletes rows nobody will read again: counted requests outside every window, long-expired agent
 * sessions, stale irradiance, and expired sign-in sessions, links and known browsers.
 */
export async function runHousekeeping(db: Kysely<Database>, now: Date): Promise<{ rateLimitHits: number; sessions: number; irradiance: number; signIns: number; accountTokens: number }> {
  const rateLimitHits = await new RateLimitRepository(db).deleteOlderThan(new Date(now.getTime() - LONGEST_WINDOW_MS));
  const sessions = await new AgentSessionsRepository(db).deleteExpired(new Date(now.getTime() - EXPIRED_SESSION_RETENTION_MS));
  const irradiance = await new IrradianceCacheRepository(db).deleteOlderThan(new Date(now.getTime() - CACHED_IRRADIANCE_DEFAULTS.maxAgeMs));
  const signIns = await new SignInSessionsRepository(db).deleteExpired(now);
  const accountTokens = await new AccountTokensRepository(db).deleteExpired(now);
  return { rateLimitHits, sessions, irradiance, signIns, accountTokens };
}
