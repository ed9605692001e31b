import type { CreatedSession, SessionView } from '../contract/sessions.ts';
import { IRRADIANCE_DOWN, type SolarResult } from '../contract/solar.ts';
import { InvalidRequestError } from '../domain/invalid-request-error.ts';
import { RateLimitedError } from '../domain/rate-limited-error.ts';
import { IrradianceRejectedError, IrradianceUnavailableError } from '../irradiance/index.ts';
import type { AgentSessionService } from '../services/agent-session-service.ts';
import type { SolarService } from '../services/solar-service.ts';
import { limitReached, ToolFailure, type SessionArguments, type SolarBackend, type YieldArguments } from './solar-backend.ts';

/** The tools served by the service itself: the same services, rules and limits as the REST endpoints. */
export class InProcessBackend implements SolarBackend {
  readonly #sessions: AgentSessionService;
  readonly #solar: SolarService;
  readonly #clientIp: string;
  readonly #now: () => Date;

  constructor(deps: { sessions: AgentSessionService; solar: SolarService; clientIp: string; now: () => Date }) {
    this.#sessions = deps.sessions;
    this.#solar = deps.solar;
    this.#clientIp = deps.clientIp;
    this.#now = deps.now;
  }

  async createSession(args: SessionArguments): Promise<CreatedSession> {
    try {
      return (await this.#sessions.create(args, this.#clientIp, this.#now())).session;
    } catch (error) {
      if (error instanceof InvalidRequestError) throw new ToolFailure(error.message);
      if (error instanceof RateLimitedError) throw limitReached(error.message, error.state.resetSeconds);
      throw error;
    }
  }

  getSession(id: string): Promise<SessionView | undefined> {
    return this.#sessions.read(id, this.#now());
  }

  async calculateYield(args: YieldArguments): Promise<SolarResult> {
    try {
      return await this.#solar.calculate(args);
    } catch (error) {
      if (error instanceof IrradianceRejectedError) throw new ToolFailure(`The irradiance service cannot serve this location: ${error.message}`);
      if (error instanceof IrradianceUnavailableError) throw new ToolFailure(IRRADIANCE_DOWN);
      throw error;
    }
  }
}
