import type { AgentSessionRow, AgentSessionsRepository } from '../db/agent-sessions-repository.ts';
import { DEFAULT_RADIUS_KM } from '../contract/models.ts';
import type { CreatedSession, SessionRequest, SessionView, WizardGoal } from '../contract/sessions.ts';
import { newSessionId, AGENT_SESSION_LIFETIME_MS, sessionRequestProblem, viewerUrl } from '../domain/agent-session.ts';
import { modelId, normaliseArea, type ModelQuality } from '../domain/model-id.ts';
import { InvalidRequestError } from '../domain/invalid-request-error.ts';
import type { RateLimitState } from '../domain/rate-limited-error.ts';
import type { ModelService } from './model-service.ts';
import { consumeRateLimit, HOUR_MS, type RateLimiter } from './rate-limiter.ts';

/** SPEC.md: 10 sessions per hour per IP address. */
export const SESSIONS_PER_HOUR = 10;
export const SESSION_RATE_LIMIT_MESSAGE = 'Rate limit exceeded. Maximum 10 sessions per hour.';

/** What the viewer page needs of a session it was opened from. */
export interface OpenedSession {
  sessionId: string;
  radiusKm: number;
  wizardGoal: WizardGoal | null;
  wizardKwh: number | null;
  roofLat: number | null;
  roofLng: number | null;
}

/**
 * Agent sessions: one implementation behind the REST endpoints and the MCP tools. Creating a session
 * never starts a generation; `modelStatus` reports the SD model of the location as it is now.
 */
export class AgentSessionService {
  readonly #sessions: AgentSessionsRepository;
  readonly #models: ModelService;
  readonly #publicBaseUrl: string;
  readonly #limits: RateLimiter;

  constructor(deps: { sessions: AgentSessionsRepository; models: ModelService; limits: RateLimiter; publicBaseUrl: string }) {
    this.#sessions = deps.sessions;
    this.#limits = deps.limits;
    this.#models = deps.models;
    this.#publicBaseUrl = deps.publicBaseUrl;
  }

  /**
   * Checks the request, counts it against the client's hourly limit, and stores the session.
   *
   * @throws InvalidRequestError for rules the schema cannot express (before the limit is counted)
   * @throws RateLimitedError past 10 sessions in the last hour from `clientIp`
   */
  async create(request: SessionRequest, clientIp: string, now: Date): Promise<{ session: CreatedSession; rateLimit: RateLimitState }> {
    const problem = sessionRequestProblem(request);
    if (problem) throw new InvalidRequestError(problem);
    const rateLimit = await consumeRateLimit(this.#limits, { bucket: `sessions:ip:${clientIp}`, limit: SESSIONS_PER_HOUR, windowMs: HOUR_MS, message: SESSION_RATE_LIMIT_MESSAGE }, now);
    const row: AgentSessionRow = {
      id: newSessionId(),
      status: 'created',
      latitude: request.latitude,
      longitude: request.longitude,
      radius_km: request.radiusKm ?? DEFAULT_RADIUS_KM,
      quality: 'sd',
      agent_name: request.agentName,
      wizard_goal: request.wizardGoal ?? null,
      wizard_kwh: request.wizardKwh ?? null,
      roof_lat: request.roofLat ?? null,
      roof_lng: request.roofLng ?? null,
      client_ip: clientIp,
      created_at: now,
      expires_at: new Date(now.getTime() + AGENT_SESSION_LIFETIME_MS),
      opened_at: null,
    };
    await this.#sessions.insert(row);
    const session = {
      sessionId: row.id,
      viewerUrl: this.#viewerUrl(row),
      status: row.status,
      modelStatus: await this.#modelStatus(row),
      agentName: row.agent_name,
      expiresAt: row.expires_at.toISOString(),
    };
    return { session, rateLimit };
  }

  /** The live session, or undefined when unknown or expired. */
  async read(id: string, now: Date): Promise<SessionView | undefined> {
    const row = await this.#sessions.findLive(id, now);
    if (!row) return undefined;
    return {
      sessionId: row.id,
      status: row.status,
      modelStatus: await this.#modelStatus(row),
      latitude: row.latitude,
      longitude: row.longitude,
      quality: row.quality,
      agentName: row.agent_name,
      wizardGoal: row.wizard_goal,
      wizardKwh: row.wizard_kwh,
      roofLat: row.roof_lat,
      roofLng: row.roof_lng,
      createdAt: row.created_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
      viewerUrl: this.#viewerUrl(row),
    };
  }

  /**
   * The user opened the session's viewer link: marks the session opened and starts the generation of its
   * model in `quality` (HD for a signed-in Pro user, SD otherwise) (SPEC.md: "the model is generated when the user opens the viewer link"). The session's
   * `modelStatus` follows that model from then on. Returns undefined for an unknown or expired session.
   */
  async open(id: string, quality: ModelQuality, now: Date): Promise<OpenedSession | undefined> {
    const row = await this.#sessions.markOpened(id, quality, now);
    if (!row) return undefined;
    await this.#models.request(quality, { latitude: row.latitude, longitude: row.longitude, radiusKm: row.radius_km }, { kind: 'page' }, now);
    return openedSession(row);
  }

  /** The session as its viewer page shows it, without opening it (for a link preview); undefined when unknown or expired. */
  async peek(id: string, now: Date): Promise<OpenedSession | undefined> {
    const row = await this.#sessions.findLive(id, now);
    return row && openedSession(row);
  }

  #viewerUrl(row: AgentSessionRow): string {
    return viewerUrl(this.#publicBaseUrl, {
      sessionId: row.id,
      latitude: row.latitude,
      longitude: row.longitude,
      wizardGoal: row.wizard_goal,
      wizardKwh: row.wizard_kwh,
      roofLat: row.roof_lat,
      roofLng: row.roof_lng,
    });
  }

  /** `not_generated` until the session's model (SD) is requested, then the model job's status. */
  async #modelStatus(row: AgentSessionRow): Promise<string> {
    const id = modelId(row.quality as ModelQuality, normaliseArea({ latitude: row.latitude, longitude: row.longitude, radiusKm: row.radius_km }));
    const job = await this.#models.read(id);
    return job?.status ?? 'not_generated';
  }
}

function openedSession(row: AgentSessionRow): OpenedSession {
  return {
    sessionId: row.id,
    radiusKm: row.radius_km,
    wizardGoal: row.wizard_goal as WizardGoal | null,
    wizardKwh: row.wizard_kwh,
    roofLat: row.roof_lat,
    roofLng: row.roof_lng,
  };
}
