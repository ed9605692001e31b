import { randomBytes } from 'node:crypto';
import type { SessionRequest } from '../contract/sessions.ts';

/** SPEC.md: an agent session expires 48 hours after creation. */
export const AGENT_SESSION_LIFETIME_MS = 48 * 60 * 60 * 1000;

/**
 * The rules that a schema cannot say: `wizardKwh` is required for `cover_bill`, and the roof position
 * comes as a pair. Returns the first problem as a message for the caller, or undefined.
 */
export function sessionRequestProblem(request: SessionRequest): string | undefined {
  if (request.agentName.trim() === '') return 'agentName must not be empty';
  if (request.wizardGoal === 'cover_bill' && request.wizardKwh === undefined) {
    return 'wizardKwh is required when wizardGoal is cover_bill';
  }
  return roofPointProblem(request.roofLat, request.roofLng);
}

/**
 * The roof point for the automatic click is a pair: one coordinate without the other names no point.
 * Returns the problem as a message for the caller, or undefined.
 */
export function roofPointProblem(roofLat: number | undefined, roofLng: number | undefined): string | undefined {
  if ((roofLat === undefined) !== (roofLng === undefined)) return 'roofLat and roofLng must be given together';
  return undefined;
}

/** A new session identifier: `ses_` and 128 random bits. */
export function newSessionId(): string {
  return `ses_${randomBytes(16).toString('base64url')}`;
}

/** The viewer parameters a session link carries. */
export interface ViewerLinkParameters {
  sessionId?: string;
  latitude: number;
  longitude: number;
  wizardGoal?: string | null;
  wizardKwh?: number | null;
  roofLat?: number | null;
  roofLng?: number | null;
}

/**
 * Builds the viewer link of SPEC.md: `{base}/viewer?session=…&lat=…&lng=…&wizard=…&wizardKwh=…&roofLat=…&roofLng=…`,
 * coordinates at 6 decimals and roof coordinates at 7, absent optional values left out.
 *
 * @param baseUrl - the configured public address of the service (never the request's Host header)
 */
export function viewerUrl(baseUrl: string, link: ViewerLinkParameters): string {
  const params: [string, string][] = [];
  if (link.sessionId) params.push(['session', link.sessionId]);
  params.push(['lat', link.latitude.toFixed(6)], ['lng', link.longitude.toFixed(6)]);
  if (link.wizardGoal) params.push(['wizard', link.wizardGoal]);
  if (link.wizardKwh !== undefined && link.wizardKwh !== null) params.push(['wizardKwh', String(link.wizardKwh)]);
  if (link.roofLat !== undefined && link.roofLat !== null && link.roofLng !== undefined && link.roofLng !== null) {
    params.push(['roofLat', link.roofLat.toFixed(7)], ['roofLng', link.roofLng.toFixed(7)]);
  }
  const query = params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  return `${baseUrl}/viewer?${query}`;
}
