import type { BillingProvider } from '../billing/billing-provider.ts';
import type { AccountService } from './account-service.ts';
import type { ApiKeyAuthenticator } from './api-key-authenticator.ts';
import type { ApiKeyService } from './api-key-service.ts';
import type { HealthService } from './health-service.ts';
import type { LeadService } from './lead-service.ts';
import type { ReportService } from './report-service.ts';
import type { ModelService } from './model-service.ts';
import type { PartnerProfileService } from './partner-profile-service.ts';
import type { PregenerationService } from './pregeneration-service.ts';
import type { PlaceSearchService } from './place-search-service.ts';
import type { AgentSessionService } from './agent-session-service.ts';
import type { RoofInsightsService } from './roof-insights-service.ts';
import type { SolarService } from './solar-service.ts';
import type { ViewerService } from './viewer-service.ts';

/**
 * What the HTTP routes and the MCP endpoint work with, built once by `src/compose.ts`: services only
 * (no repositories, database or queue), so every rule a route relies on lives in a service. It lives
 * beside the services (not in `app.ts`), so a route can name it without importing the app.
 */
export interface Services {
  health: HealthService;
  solar: SolarService;
  authenticator: ApiKeyAuthenticator;
  apiKeys: ApiKeyService;
  profiles: PartnerProfileService;
  models: ModelService;
  /** Roof insights of ready models (`/api/v1/models/:id/buildings`). */
  insights: RoofInsightsService;
  agentSessions: AgentSessionService;
  viewer: ViewerService;
  places: PlaceSearchService;
  accounts: AccountService;
  leads: LeadService;
  reports: ReportService;
  billing: BillingProvider;
  pregeneration: PregenerationService;
  /** Address prefix of model files (for the viewer pages' security policy). */
  modelFilesUrl: string;
  version: string;
  now: () => Date;
}
