import type { CreatedSession, SessionRequest, SessionView } from '../contract/sessions.ts';
import type { SolarRequest, SolarResult } from '../contract/solar.ts';

/** Arguments of `create_solar_session`: the fields of `POST /api/mcp-sessions`. */
export type SessionArguments = SessionRequest;

/** Arguments of `calculate_solar_yield`: the fields of `POST /api/solar/calculate`. */
export type YieldArguments = SolarRequest;

/** A tool call that cannot succeed; the message is written for the model that called it. */
export class ToolFailure extends Error {}

/** Past the hourly limit: the limit's message and when the agent may try again, whichever backend answers. */
export function limitReached(message: string, resetSeconds: number): ToolFailure {
  return new ToolFailure(`${message} Try again in ${resetSeconds} seconds.`);
}

/**
 * What the MCP tools do, wherever the work happens: inside the service (the `/mcp` endpoint) or
 * through the REST API of a running service (`solar-partner mcp` over stdio).
 */
export interface SolarBackend {
  /** @throws ToolFailure for invalid arguments and the hourly limit */
  createSession(args: SessionArguments): Promise<CreatedSession>;
  /** Undefined when the session is unknown or expired. */
  getSession(id: string): Promise<SessionView | undefined>;
  /** @throws ToolFailure when the location cannot be served or the irradiance service is down */
  calculateYield(args: YieldArguments): Promise<SolarResult>;
}
