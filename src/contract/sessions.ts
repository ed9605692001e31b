import { Type, type Static } from 'typebox';
import { Latitude, Longitude, Nullable } from './common.ts';
import { RadiusKm } from './models.ts';

/** SPEC.md: the four Solar Wizard goals. */
export const WIZARD_GOALS = ['maximize_energy', 'cover_bill', 'maximize_roi', 'environmental'] as const;
export type WizardGoal = (typeof WIZARD_GOALS)[number];
/** SPEC.md: `agentName` is at most 100 characters. */
export const AGENT_NAME_MAX_LENGTH = 100;

/** SPEC.md "Agent session" request: what an agent asks for when it creates a session. */
export const SessionRequestBody = Type.Object(
  {
    latitude: Latitude,
    longitude: Longitude,
    agentName: Type.String({ minLength: 1, maxLength: AGENT_NAME_MAX_LENGTH, description: 'Agent identifier, at most 100 characters' }),
    radiusKm: Type.Optional(RadiusKm),
    // `type` too: some function-calling dialects take an enum only with its type.
    wizardGoal: Type.Optional(Type.Enum([...WIZARD_GOALS], { type: 'string', description: 'Preset Solar Wizard goal' })),
    wizardKwh: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, description: 'Monthly kWh target; required for cover_bill' })),
    roofLat: Type.Optional(Latitude),
    roofLng: Type.Optional(Longitude),
  },
  { additionalProperties: false, examples: [{ latitude: 47.141, longitude: 9.5209, agentName: 'Sunny Roofs assistant', wizardGoal: 'cover_bill', wizardKwh: 300, roofLat: 47.1390460, roofLng: 9.5185920 }] },
);
export type SessionRequest = Static<typeof SessionRequestBody>;

/** What `POST /api/mcp-sessions` answers. */
export const CreatedSession = Type.Object({
  sessionId: Type.String(),
  viewerUrl: Type.String({ description: 'Link to hand to the user' }),
  status: Type.String({ description: '`created` on creation' }),
  modelStatus: Type.String({ description: '`not_generated`, or the status of the SD model of the location' }),
  agentName: Type.String(),
  expiresAt: Type.String({ description: 'ISO 8601 UTC; 48 hours after creation' }),
});
export type CreatedSession = Static<typeof CreatedSession>;

/** SPEC.md "Agent session", as `GET /api/mcp-sessions/:id` answers it. */
export const SessionView = Type.Object({
  sessionId: Type.String(),
  status: Type.String({ description: '`created`, or `opened` once the viewer link was opened' }),
  modelStatus: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  quality: Type.String({ description: '`sd`' }),
  agentName: Type.String(),
  wizardGoal: Nullable(Type.String()),
  wizardKwh: Nullable(Type.Number()),
  roofLat: Nullable(Type.Number()),
  roofLng: Nullable(Type.Number()),
  createdAt: Type.String(),
  expiresAt: Type.String(),
  viewerUrl: Type.String(),
});
export type SessionView = Static<typeof SessionView>;

export const SessionIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
