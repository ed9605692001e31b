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
}

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface AccountsTable {
  id: Generated<number>;
  email: string;
  plan: string;
  created_at: CreatedAt;
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
