import { fromJsonSchema, McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { Type } from 'typebox';
import { DEFAULT_RADIUS_KM } from '../contract/models.ts';
import { CreatedSession, SessionRequestBody, SessionView } from '../contract/sessions.ts';
import { SolarRequestBody, SolarResult } from '../contract/solar.ts';
import { greatCircleKm } from '../irradiance/index.ts';
import { ArgumentValidator } from './argument-validator.ts';
import { ToolFailure, type SessionArguments, type SolarBackend, type YieldArguments } from './solar-backend.ts';

/** The tools this server offers, in the order they are listed. */
export const TOOL_NAMES = ['create_solar_session', 'get_solar_session', 'calculate_solar_yield'] as const;

const validator = new ArgumentValidator();
const schema = <T>(jsonSchema: unknown) => fromJsonSchema<T>(jsonSchema as never, validator);

const SessionSummary = Type.Object({
  sessionId: CreatedSession.properties.sessionId,
  viewerUrl: CreatedSession.properties.viewerUrl,
  expiresAt: CreatedSession.properties.expiresAt,
  modelStatus: CreatedSession.properties.modelStatus,
});
const SessionLookup = Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 100, description: 'The sessionId that create_solar_session returned' }) }, { additionalProperties: false });

const CREATE_DESCRIPTION = `Create a solar session for a homeowner and get a link to an interactive 3D viewer of their neighbourhood, with shadows and optional automatic solar panel placement. Give the link to the user; the 3D model is generated when they open it (about 1 to 2 minutes, with a progress animation), not now.
Units and conventions: latitude/longitude in decimal degrees (WGS 84) of the house or neighbourhood centre; radiusKm is the modelled radius in km (default 0.3). roofLat/roofLng (both or neither) are the point on the roof to place panels on automatically; without them the user clicks a roof. wizardGoal presets the Solar Wizard: maximize_energy, cover_bill (needs wizardKwh, the monthly consumption in kWh to cover), maximize_roi or environmental. agentName identifies you (at most 100 characters).
What the user sees: the 3D model with shadows for anyone; the Solar Wizard's panel design and yield figures need a Pro subscription (19 EUR a month), and users without one see a sign-up or upgrade prompt there, so do not promise them the figures.
Limits: 10 sessions per hour per client address; a session expires 48 hours after creation.`;

const GET_DESCRIPTION = 'Read a solar session created earlier: its location, preset Solar Wizard settings, roof position, expiry, and modelStatus (whether the place\'s model exists: not_generated until someone opens a link for the place, then pending, processing, ready or failed; ready at once where any user had the place made before). Unknown and expired sessions are reported as not found.';

const YIELD_DESCRIPTION = `Estimate the yearly and monthly energy of a solar panel array from long-term irradiance data (PVGIS, EU JRC).
Inputs: latitude/longitude in decimal degrees; tiltDeg = panel tilt from horizontal, 0 to 90 (0 = flat); azimuthDeg = direction the panels face, 0 = north, 90 = east, 180 = south, 270 = west; panelAreaM2 = total panel area in m²; panelEfficiency = module efficiency as a fraction, 0 to 1 (typically 0.18 to 0.22); shadingLossFraction = share lost to shading, 0 to 1 (default 0).
Result: peakPowerKw = area × efficiency; annualYieldKwh = peakPowerKw × yearly in-plane irradiation × (1 − shading) × 0.86 (14 % inverter and wiring losses); monthlyKwh = January to December; specificYield in kWh per kWp.`;

/** Builds the MCP server with the three solar tools over a backend. */
export function createSolarMcpServer(backend: SolarBackend, version: string): McpServer {
  const server = new McpServer(
    { name: 'solar-partner', title: 'Solar Modeling Partner Service', version },
    { instructions: 'Tools for solar planning: create a 3D solar viewer link for a homeowner, read it back, and estimate solar yield. Azimuth 0 = north, 180 = south.' },
  );

  server.registerTool(
    'create_solar_session',
    {
      title: 'Create a solar viewer session',
      description: CREATE_DESCRIPTION,
      inputSchema: schema<SessionArguments>(SessionRequestBody),
      outputSchema: schema(SessionSummary),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (args) =>
      asToolResult(async () => {
        const request = args as SessionArguments;
        const session = await backend.createSession(request);
        const summary = { sessionId: session.sessionId, viewerUrl: session.viewerUrl, expiresAt: session.expiresAt, modelStatus: session.modelStatus };
        return {
          content: [
            { type: 'text', text: `Viewer link for the user (valid until ${session.expiresAt}): ${session.viewerUrl}\nsessionId for get_solar_session: ${session.sessionId}${roofOutsideNote(request)}` },
            { type: 'resource_link', uri: session.viewerUrl, name: 'solar-viewer', title: '3D solar viewer', mimeType: 'text/html', description: 'Interactive 3D model with shadows and solar panel placement' },
            { type: 'text', text: JSON.stringify(summary) },
          ],
          structuredContent: summary,
        };
      }),
  );

  server.registerTool(
    'get_solar_session',
    {
      title: 'Read a solar session',
      description: GET_DESCRIPTION,
      inputSchema: schema<{ sessionId: string }>(SessionLookup),
      outputSchema: schema(SessionView),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) =>
      asToolResult(async () => {
        const { sessionId } = args as { sessionId: string };
        const session = await backend.getSession(sessionId);
        if (!session) throw new ToolFailure(`No session ${sessionId}: it does not exist or expired (sessions last 48 hours). Create a new one with create_solar_session.`);
        return { content: [{ type: 'text', text: JSON.stringify(session) }], structuredContent: session as unknown as Record<string, unknown> };
      }),
  );

  server.registerTool(
    'calculate_solar_yield',
    {
      title: 'Calculate solar yield',
      description: YIELD_DESCRIPTION,
      inputSchema: schema<YieldArguments>(SolarRequestBody),
      outputSchema: schema(SolarResult),
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async (args) =>
      asToolResult(async () => {
        const result = await backend.calculateYield(args as YieldArguments);
        const prose = `${result.annualYieldKwh} kWh per year from ${result.peakPowerKw} kWp (${result.specificYield} kWh/kWp); monthly kWh January to December: ${result.monthlyKwh.join(', ')}. Source: ${result.source}.`;
        return { content: [{ type: 'text', text: prose }, { type: 'text', text: JSON.stringify(result) }], structuredContent: result as unknown as Record<string, unknown> };
      }),
  );
  return server;
}

/**
 * A note for the agent when the roof point lies outside the model: the viewer's automatic click cannot
 * hit a roof there, so the user will pick one (SPEC.md: when the ray misses, the user clicks a roof).
 */
function roofOutsideNote(args: SessionArguments): string {
  if (args.roofLat === undefined || args.roofLng === undefined) return '';
  const radiusKm = args.radiusKm ?? DEFAULT_RADIUS_KM;
  const km = greatCircleKm(args.latitude, args.longitude, args.roofLat, args.roofLng);
  if (km <= radiusKm) return '';
  return `\nNote: the roof point (roofLat, roofLng) is ${km < 10 ? km.toFixed(2) : Math.round(km)} km from latitude/longitude, outside the ${radiusKm} km model, so no panels are placed automatically and the user picks a roof. To place them, create the session again with the roof point inside radiusKm.`;
}

/** Runs a tool body; expected failures become tool errors with their message, anything else a generic one. */
async function asToolResult(body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    const message = error instanceof ToolFailure ? error.message : 'The tool failed unexpectedly; try again later.';
    return { isError: true, content: [{ type: 'text', text: message }] };
  }
}
