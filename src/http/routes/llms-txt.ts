import type { FastifyPluginAsync } from 'fastify';
import { MODERN_PROTOCOL_VERSION } from '../../mcp/protocol-errors.ts';

/** `/llms.txt`: how an AI agent uses the service, in a form it can read. */
export const llmsTxtRoutes: FastifyPluginAsync<{ publicBaseUrl: string }> = async (app, { publicBaseUrl }) => {
  const text = llmsTxt(publicBaseUrl);
  app.get('/llms.txt', { schema: { hide: true } }, async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(text));
};

/** The text of `/llms.txt` for a service at `base`. */
export function llmsTxt(base: string): string {
  return `# Solar Modeling Partner Service

> 3D city models, solar yield estimates and an interactive 3D solar viewer for homeowners. AI agents create a viewer link for a user; the user opens it in a browser.

## MCP (recommended)

- Endpoint: ${base}/mcp (Streamable HTTP, stateless; protocol ${MODERN_PROTOCOL_VERSION}, and 2025-era clients through the stateless fallback). No authentication.
- Local (stdio) for desktop agents: \`npx solar-partner mcp --base-url ${base}\`, run in a checkout of the service (the command is the project's own, not a package on npm)
- Tools:
  - create_solar_session: latitude, longitude, agentName (required); radiusKm, wizardGoal, wizardKwh, roofLat, roofLng (optional). Returns the viewer link (text, resource_link, and structuredContent with sessionId, viewerUrl, expiresAt, modelStatus).
  - get_solar_session: sessionId. Returns the session.
  - calculate_solar_yield: latitude, longitude, tiltDeg, azimuthDeg, panelAreaM2, panelEfficiency, shadingLossFraction (optional). Returns annualYieldKwh, peakPowerKw, specificYield, monthlyKwh (12 values, January first), source.

## Conventions

- Coordinates in decimal degrees (WGS 84). Azimuth: 0 = north, 90 = east, 180 = south, 270 = west (0 to 360). Tilt: 0 = flat, 90 = vertical.
- Ranges: radiusKm 0.05 to 5 (default 0.3); agentName 1 to 100 characters; panelEfficiency and shadingLossFraction are fractions from 0 to 1 (0.2, not 20); panelAreaM2 above 0.
- No geocoding tool: find the coordinates of an address yourself before creating a session.
- wizardGoal: maximize_energy, cover_bill (then wizardKwh = monthly kWh to cover is required), maximize_roi, environmental.
- roofLat and roofLng come together: the point on the roof where panels are placed automatically. It must lie within radiusKm of latitude/longitude, or the user picks the roof by hand.
- Limit: 10 sessions per hour per client address. Sessions expire 48 hours after creation.
- Creating a session does not generate the model; it is generated (about 1 to 2 minutes) when the user opens the link.
- Anyone sees the 3D model and its shadows; the Solar Wizard's panel design and yield figures need a Pro subscription (19 EUR a month). Users without one see a sign-up or upgrade prompt there: do not promise them the figures. For a yield figure to give in the conversation, use calculate_solar_yield.

## Viewer link

${base}/viewer?session=<sessionId>&lat=<latitude, 6 decimals>&lng=<longitude, 6 decimals>&wizard=<goal>&wizardKwh=<number>&roofLat=<7 decimals>&roofLng=<7 decimals>
Absent optional values are left out. The link may also be built directly without a session (then without session=).

## REST

- POST ${base}/api/mcp-sessions and GET ${base}/api/mcp-sessions/{id}: the same as the session tools.
- POST ${base}/api/solar/calculate: the same as calculate_solar_yield.
- OpenAPI 3.1: ${base}/api/openapi.json
`;
}
