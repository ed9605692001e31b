import type { Kysely } from 'kysely';
import type { BillingProvider } from '../billing/billing-provider.ts';
import type { AccountsRepository } from '../db/accounts-repository.ts';
import type { ApiKeysRepository } from '../db/api-keys-repository.ts';
import type { LeadsRepository } from '../db/leads-repository.ts';
import type { Database } from '../db/schema.ts';
import type { UsageRepository } from '../db/usage-repository.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { AccountService } from './account-service.ts';
import type { ApiKeyAuthenticator } from './api-key-authenticator.ts';
import type { LeadService } from './lead-service.ts';
import type { ModelService } from './model-service.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { SessionService } from './session-service.ts';
import type { SolarService } from './solar-service.ts';

/**
 * What the HTTP routes and the MCP endpoint work with, built once by `src/compose.ts`. It lives beside
 * the services (not in `app.ts`), so a route can name it without importing the app that registers it.
 */
export interface Services {
  db: Kysely<Database>;
  queue: JobQueue;
  store: ObjectStore;
  solar: SolarService;
  authenticator: ApiKeyAuthenticator;
  models: ModelService;
  sessions: SessionService;
  limits: RateLimiter;
  accounts: AccountService;
  accountsRepository: AccountsRepository;
  apiKeys: ApiKeysRepository;
  usage: UsageRepository;
  leads: LeadService;
  billing: BillingProvider;
  leadsRepository: LeadsRepository;
  version: string;
  now: () => Date;
}
