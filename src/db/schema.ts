import type { ColumnType, Generated } from 'kysely';

/** Row shapes of every table, as Kysely sees them. */
export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  model_jobs: ModelJobsTable;
  usage_events: UsageEventsTable;
  rate_limit_hits: RateLimitHitsTable;
  agent_sessions: AgentSessionsTable;
  irradiance_cache: IrradianceCacheTable;
  browser_sessions: BrowserSessionsTable;
  account_tokens: AccountTokensTable;
  leads: LeadsTable;
  billing_events: BillingEventsTable;
  pregeneration_runs: PregenerationRunsTable;
  pregeneration_places: PregenerationPlacesTable;
}

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface AccountsTable {
  id: Generated<number>;
  email: string;
  plan: string;
  created_at: CreatedAt;
  password_hash: string | null;
  email_verified_at: Date | null;
  lead_capture: Generated<boolean>;
  notification_email: string | null;
  privacy_url: string | null;
  company_name: string | null;
  billing_customer_id: string | null;
  /** Countries a partner's embed searches addresses in (ISO 3166-1 alpha-2, comma-separated); null: all. */
  search_countries: string | null;
  /** Area a partner's embed searches addresses in (`west,south,east,north`); null: anywhere. */
  search_bbox: string | null;
  /** The prices the account's embeds show first (`PartnerPrices` as JSON); null: the service's defaults. */
  prices: string | null;
}

export interface BrowserSessionsTable {
  id_hash: string;
  account_id: number;
  csrf_token: string;
  created_at: Date;
  expires_at: Date;
}

export interface AccountTokensTable {
  token_hash: string;
  account_id: number;
  purpose: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface LeadsTable {
  id: Generated<number>;
  account_id: number;
  api_key_id: number | null;
  name: string;
  email: string;
  phone: string | null;
  address: string;
  message: string;
  configuration: ColumnType<Record<string, unknown>, string, string>;
  page_url: string | null;
  created_at: Date;
}

export interface BillingEventsTable {
  id: string;
  type: string;
  received_at: ColumnType<Date, Date | undefined, never>;
}

export interface ApiKeysTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  prefix: string;
  key_hash: string;
  allowed_origins: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface ModelJobsTable {
  id: string;
  quality: string;
  latitude: number;
  longitude: number;
  radius_km: number;
  status: string;
  progress: number | null;
  step: string | null;
  model_url: string | null;
  object_key: string | null;
  error: string | null;
  attempts: number;
  requested_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  updated_at: Date;
  /** Buildings in the ready model; null before it is ready (or for models made before it was kept). */
  buildings: number | null;
  /** Why a failed job failed, when another request would fail the same way (`outside_map_data`). */
  failure_reason: string | null;
}

export interface UsageEventsTable {
  id: Generated<string>;
  account_id: number;
  api_key_id: number;
  model_id: string;
  kind: string;
  billable: boolean;
  created_at: CreatedAt;
}

export interface RateLimitHitsTable {
  id: Generated<string>;
  bucket: string;
  hit_at: Date;
}

export interface AgentSessionsTable {
  id: string;
  status: string;
  latitude: number;
  longitude: number;
  radius_km: number;
  quality: string;
  agent_name: string;
  wizard_goal: string | null;
  wizard_kwh: number | null;
  roof_lat: number | null;
  roof_lng: number | null;
  client_ip: string;
  created_at: Date;
  expires_at: Date;
  opened_at: Date | null;
}

export interface IrradianceCacheTable {
  key: string;
  annual_gti: number;
  monthly_gti: number[];
  source: string;
  fetched_at: Date;
}

export interface PregenerationRunsTable {
  id: Generated<number>;
  /** Quality, spacing and area: the same command finds its run again. */
  area_key: string;
  area: string;
  quality: string;
  radius_km: number;
  spacing_km: number;
  place_count: number;
  /** Set once every place of the grid is stored with its name. */
  planned_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface PregenerationPlacesTable {
  run_id: number;
  model_id: string;
  latitude: number;
  longitude: number;
  town: string | null;
  /** `node/<id>` of the town's OSM node: two towns may share a name. */
  town_key: string | null;
  town_latitude: number | null;
  town_longitude: number | null;
  country: string | null;
  queued_at: Date | null;
  /** What the model service answered: `generation`, `cache_hit` or `in_progress`. */
  outcome: string | null;
}
