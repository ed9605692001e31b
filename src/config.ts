import { isIP } from 'node:net';
import path from 'node:path';
import { EMAIL_PATTERN } from './contract/email.ts';
import type { StripeSettings } from './billing/stripe-billing.ts';
import { parseLod2Sources, type GeneratorSources, type Lod2SourceSpec } from './modelgen/sources.ts';
import { GEOCODER_APIS, type GeocoderApi } from './geocoding/create-geocoder.ts';

/** Settings of one service process, read once from the environment at boot. */
export interface Config {
  port: number;
  host: string;
  publicBaseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Schema holding the service's tables on PostgreSQL (the queue uses `<schema>_queue`). */
  databaseSchema: string;
  s3: S3Settings | undefined;
  workers: number;
  pvgisUrl: string;
  overpassUrl: string;
  /** The address search's geocoder (Photon by default, or Nominatim): reached only by the server. */
  geocoder: { url: string; api: GeocoderApi };
  osmExtract: string | undefined;
  /** PostgreSQL with PostGIS holding OpenStreetMap (imported with osm/solar-partner.lua); unset: the extract or Overpass. */
  osmDatabaseUrl: string | undefined;
  terrainTilesUrl: string | undefined;
  terrainDir: string | undefined;
  /** Measured LoD2 city models (LOD2_SOURCE): local files/folders and OGC API – Features services. */
  lod2Sources: Lod2SourceSpec[];
  smtpUrl: string | undefined;
  /** Bearer token `GET /metrics` asks for; unset, metrics are served to this machine only. */
  metricsToken: string | undefined;
  /** Stripe billing; unset: plans are set by the operator. */
  stripe: StripeSettings | undefined;
  /** Sender of the service's e-mails. */
  mailFrom: string;
  /** Where partners write to change their plan when billing is not through Stripe; unset, the portal says to ask the operator. */
  supportEmail: string | undefined;
  /**
   * Which proxies' `X-Forwarded-For` entries are believed: none (false), the nearest N hops, or the
   * proxies at these addresses or ranges. Entries a client wrote itself, left of those, never count.
   */
  trustProxy: false | number | string;
  logLevel: string;
  /** Seconds without a heartbeat after which a generation is given to another worker. */
  jobHeartbeatSeconds: number;
}

export interface S3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  publicUrl: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/** Raised when one or more settings are wrong; `problems` holds one line per setting. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const DEFAULT_PVGIS_URL = 'https://re.jrc.ec.europa.eu/api/v5_3';
const DEFAULT_OVERPASS_URL = 'https://overpass-api.de/api/interpreter';
const DEFAULT_GEOCODER_URL = 'https://photon.komoot.io';
const DEFAULT_TERRAIN_TILES_URL = 'https://s3.amazonaws.com/elevation-tiles-prod/terrarium/{z}/{x}/{y}.png';

type Env = Record<string, string | undefined>;

/**
 * Reads and validates every setting at once, so that a bad start lists all problems together.
 *
 * @param env - the environment to read, normally `process.env`
 * @param cwd - the folder that relative paths are resolved against
 * @throws ConfigError with one line per wrong setting
 */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const url = (name: string, fallback: string | undefined): string | undefined => {
    const raw = text(name) ?? fallback;
    if (raw === undefined) return undefined;
    if (!isHttpUrl(raw)) problems.push(`${name} must be an http:// or https:// URL (got "${raw}")`);
    return raw.replace(/\/+$/, '');
  };
  const flag = (name: string): boolean => {
    const raw = text(name)?.toLowerCase();
    if (raw === undefined) return false;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return false;
  };

  const port = integer('PORT', 3000, 0, 65535);
  const publicBaseUrl = url('PUBLIC_BASE_URL', `http://localhost:${port}`) as string;
  const databaseUrl = text('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL, or unset for the embedded database');
  }
  const logLevel = text('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);

  const terrainTiles = text('TERRAIN_TILES_URL');
  const lod2 = parseLod2Sources(text('LOD2_SOURCE'), cwd);
  problems.push(...lod2.problems);
  const config: Config = {
    port,
    host: text('HOST') ?? '0.0.0.0',
    publicBaseUrl,
    dataDir: path.resolve(cwd, text('DATA_DIR') ?? './data'),
    databaseUrl,
    databaseSchema: text('DATABASE_SCHEMA') ?? 'public',
    s3: readS3(text, url, flag, problems),
    workers: integer('WORKERS', 1, 0, 64),
    pvgisUrl: url('PVGIS_URL', DEFAULT_PVGIS_URL) as string,
    overpassUrl: url('OVERPASS_URL', DEFAULT_OVERPASS_URL) as string,
    geocoder: { url: url('GEOCODER_URL', DEFAULT_GEOCODER_URL) as string, api: geocoderApi(text('GEOCODER_API'), problems) },
    osmExtract: optionalPath(text('OSM_EXTRACT'), cwd),
    osmDatabaseUrl: text('OSM_DATABASE_URL'),
    terrainTilesUrl: terrainTiles === 'none' ? undefined : (terrainTiles ?? DEFAULT_TERRAIN_TILES_URL),
    terrainDir: optionalPath(text('TERRAIN_DIR'), cwd),
    lod2Sources: lod2.sources,
    smtpUrl: text('SMTP_URL'),
    metricsToken: text('METRICS_TOKEN'),
    stripe: readStripe(text, url, problems),
    mailFrom: text('MAIL_FROM') ?? `Solar Partner <no-reply@${hostOf(publicBaseUrl)}>`,
    supportEmail: text('SUPPORT_EMAIL'),
    trustProxy: proxyTrust(text('TRUST_PROXY'), problems),
    logLevel,
    jobHeartbeatSeconds: integer('JOB_HEARTBEAT_SECONDS', 30, 10, 3600),
  };
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(config.databaseSchema)) problems.push(`DATABASE_SCHEMA must be a lower-case SQL name such as public or solar (got "${config.databaseSchema}")`);
  if (config.osmDatabaseUrl && !/^postgres(ql)?:\/\//.test(config.osmDatabaseUrl)) problems.push('OSM_DATABASE_URL must be a postgres:// or postgresql:// URL of the database osm2pgsql filled, or unset');
  if (config.osmDatabaseUrl && config.osmExtract) problems.push('OSM_DATABASE_URL and OSM_EXTRACT are both set: set one (the database for a country, the extract for a small area)');
  if (config.supportEmail && !new RegExp(EMAIL_PATTERN, 'u').test(config.supportEmail)) problems.push(`SUPPORT_EMAIL must be an e-mail address such as support@example.com (got "${config.supportEmail}")`);
  if (config.smtpUrl && !/^smtps?:\/\//.test(config.smtpUrl)) problems.push('SMTP_URL must be an smtp:// or smtps:// URL');
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** Where the generator reads map data and terrain from, as the settings say. */
export function generatorSources(config: Config): GeneratorSources {
  return {
    overpassUrl: config.overpassUrl,
    osmExtract: config.osmExtract,
    osmDatabaseUrl: config.osmDatabaseUrl,
    terrainTilesUrl: config.terrainTilesUrl,
    terrainDir: config.terrainDir,
    lod2Sources: config.lod2Sources,
    cacheDir: path.join(config.dataDir, 'cache'),
  };
}

/** `GEOCODER_API`: the protocol `GEOCODER_URL` speaks; Photon unless set. */
/** Names of address ranges `TRUST_PROXY` may list besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY`: unset or false, trust no proxy; true, the one proxy in front; a number, that many
 * proxies in front; otherwise a comma-separated list of the proxies' addresses or ranges. Trusting every
 * hop would let a client pick its own address (and so its own rate-limit bucket) by writing one.
 */
function proxyTrust(raw: string | undefined, problems: string[]): false | number | string {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || ['', '0', 'false', 'no', 'off'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) return 1;
  if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => PROXY_RANGE_NAMES.has(entry) || (isIP(entry.split('/')[0]) !== 0 && /^[^/]+(\/\d{1,3})?$/.test(entry));
  if (entries.every(valid)) return entries.join(',');
  problems.push(`TRUST_PROXY must be false, true (one proxy in front), the number of proxies in front (1 to 10), or their addresses or ranges, comma-separated, such as 10.0.0.0/8,loopback (got "${raw}")`);
  return false;
}

function geocoderApi(raw: string | undefined, problems: string[]): GeocoderApi {
  const value = (raw ?? 'photon').toLowerCase();
  if ((GEOCODER_APIS as readonly string[]).includes(value)) return value as GeocoderApi;
  problems.push(`GEOCODER_API must be one of ${GEOCODER_APIS.join(', ')} (got "${raw}")`);
  return 'photon';
}

/** Stripe settings: all of key, webhook secret and both prices, or none. */
function readStripe(text: (name: string) => string | undefined, url: (name: string, fallback: string | undefined) => string | undefined, problems: string[]): StripeSettings | undefined {
  const secretKey = text('STRIPE_SECRET_KEY');
  if (!secretKey) return undefined;
  const webhookSecret = text('STRIPE_WEBHOOK_SECRET');
  const pro = text('STRIPE_PRICE_PRO');
  const business = text('STRIPE_PRICE_BUSINESS');
  const missing = [['STRIPE_WEBHOOK_SECRET', webhookSecret], ['STRIPE_PRICE_PRO', pro], ['STRIPE_PRICE_BUSINESS', business]].filter(([, value]) => !value).map(([name]) => name);
  if (missing.length > 0) {
    problems.push(`STRIPE_SECRET_KEY is set, so ${missing.join(', ')} must be set too (the webhook signing secret and the price ids of the plans)`);
    return undefined;
  }
  return { secretKey, webhookSecret: webhookSecret!, prices: { pro: pro!, business: business! }, apiBase: url('STRIPE_API_BASE', undefined) };
}

/** The host name of a URL, for a default sender address. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return 'localhost';
  }
}

function readS3(
  text: (name: string) => string | undefined,
  url: (name: string, fallback: string | undefined) => string | undefined,
  flag: (name: string) => boolean,
  problems: string[],
): S3Settings | undefined {
  const bucket = text('S3_BUCKET');
  if (bucket === undefined) return undefined;
  const endpoint = url('S3_ENDPOINT', undefined);
  const publicUrl = url('S3_PUBLIC_URL', undefined);
  if (publicUrl === undefined) problems.push('S3_PUBLIC_URL is required when S3_BUCKET is set (the address partners download models from)');
  return {
    bucket,
    endpoint,
    region: text('S3_REGION') ?? 'us-east-1',
    publicUrl: publicUrl ?? '',
    accessKeyId: text('S3_ACCESS_KEY_ID') ?? text('AWS_ACCESS_KEY_ID'),
    secretAccessKey: text('S3_SECRET_ACCESS_KEY') ?? text('AWS_SECRET_ACCESS_KEY'),
    // Path-style addresses by default for S3-compatible stores (MinIO needs them); a value set says otherwise.
    forcePathStyle: text('S3_FORCE_PATH_STYLE') === undefined ? endpoint !== undefined : flag('S3_FORCE_PATH_STYLE'),
  };
}

function optionalPath(value: string | undefined, cwd: string): string | undefined {
  return value === undefined ? undefined : path.resolve(cwd, value);
}

function isHttpUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}
