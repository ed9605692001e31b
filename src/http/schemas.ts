import { Type, type Static } from 'typebox';
import { AGENT_NAME_MAX_LENGTH, WIZARD_GOALS } from '../domain/agent-session.ts';
import { MAX_RADIUS_KM, MIN_RADIUS_KM } from '../domain/model-id.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'What is wrong and what is allowed' }),
    useLocalFallback: Type.Optional(Type.Boolean({ description: 'Only on 503 from the solar calculation: a client-side fallback is available' })),
  },
  { $id: 'Error', description: 'Every error response' },
);

export const Latitude = Type.Number({ minimum: -90, maximum: 90, description: 'Latitude in degrees (WGS 84)' });
export const Longitude = Type.Number({ minimum: -180, maximum: 180, description: 'Longitude in degrees (WGS 84)' });
export const RadiusKm = Type.Number({ minimum: MIN_RADIUS_KM, maximum: MAX_RADIUS_KM, default: 0.3, description: `Radius of the modelled area in km (${MIN_RADIUS_KM} to ${MAX_RADIUS_KM}); default 0.3` });

export const ModelRequestBody = Type.Object(
  { latitude: Latitude, longitude: Longitude, radiusKm: Type.Optional(RadiusKm) },
  { additionalProperties: false },
);
export type ModelRequestBody = Static<typeof ModelRequestBody>;

export const ModelJob = Type.Object(
  {
    id: Type.String({ description: 'hd_<latitude>_<longitude>_<radiusKm>; the same area gives the same id' }),
    status: Type.Enum(['pending', 'processing', 'ready', 'failed']),
    modelUrl: Type.Optional(Nullable(Type.String({ description: 'URL of the GLB file; set when ready' }))),
    progress: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 100, description: 'Percent; set while processing and when ready' }))),
    step: Type.Optional(Nullable(Type.String({ description: 'What the generator is doing now; null when ready' }))),
  },
  { $id: 'ModelJob' },
);

export const ModelIdParams = Type.Object({ id: Type.String({ maxLength: 100, description: 'Model identifier' }) });

export const SolarRequestBody = Type.Object(
  {
    latitude: Latitude,
    longitude: Longitude,
    tiltDeg: Type.Number({ minimum: 0, maximum: 90, description: 'Panel tilt in degrees; 0 = flat' }),
    azimuthDeg: Type.Number({ minimum: 0, maximum: 360, description: 'Panel azimuth in degrees; 0 = north, 90 = east, 180 = south' }),
    panelAreaM2: Type.Number({ exclusiveMinimum: 0, maximum: 100_000, description: 'Total panel area in m²' }),
    panelEfficiency: Type.Number({ minimum: 0, maximum: 1, description: 'Module efficiency, 0 to 1 (typically 0.18 to 0.22)' }),
    shadingLossFraction: Type.Optional(Type.Number({ minimum: 0, maximum: 1, default: 0, description: 'Share of the yield lost to shading, 0 to 1; default 0' })),
  },
  { additionalProperties: false },
);
export type SolarRequestBody = Static<typeof SolarRequestBody>;

export const SolarResult = Type.Object({
  annualYieldKwh: Type.Number({ description: 'Estimated annual yield, kWh (0.1 kWh steps)' }),
  peakPowerKw: Type.Number({ description: 'panelAreaM2 × panelEfficiency, kW' }),
  specificYield: Type.Number({ description: 'annualYieldKwh / peakPowerKw, kWh/kWp' }),
  monthlyKwh: Type.Array(Type.Number(), { minItems: 12, maxItems: 12, description: 'January to December; adds up to annualYieldKwh' }),
  source: Type.String({ description: 'Identifier of the irradiance data service' }),
});

export const SessionRequestBody = Type.Object(
  {
    latitude: Latitude,
    longitude: Longitude,
    agentName: Type.String({ minLength: 1, maxLength: AGENT_NAME_MAX_LENGTH, description: 'Agent identifier, at most 100 characters' }),
    radiusKm: Type.Optional(RadiusKm),
    wizardGoal: Type.Optional(Type.Enum([...WIZARD_GOALS], { description: 'Preset Solar Wizard goal' })),
    wizardKwh: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, description: 'Monthly kWh target; required for cover_bill' })),
    roofLat: Type.Optional(Latitude),
    roofLng: Type.Optional(Longitude),
  },
  { additionalProperties: false },
);
export type SessionRequestBody = Static<typeof SessionRequestBody>;

export const CreatedSession = Type.Object({
  sessionId: Type.String(),
  viewerUrl: Type.String({ description: 'Link to hand to the user' }),
  status: Type.String({ description: '`created` on creation' }),
  modelStatus: Type.String({ description: '`not_generated`, or the status of the SD model of the location' }),
  agentName: Type.String(),
  expiresAt: Type.String({ description: 'ISO 8601 UTC; 48 hours after creation' }),
});

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

export const SessionIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const HealthBody = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  error: Type.Optional(Type.String()),
  version: Type.String(),
  uptimeS: Type.Number(),
  checks: Type.Object({ database: Type.String(), queue: Type.String(), storage: Type.String() }),
});
