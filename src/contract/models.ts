import { Type, type Static } from 'typebox';
import { Latitude, Longitude, Nullable } from './common.ts';
import { OUTSIDE_MAP_DATA } from '../modelgen/browser.ts';
export { OUTSIDE_MAP_DATA };

/** SPEC.md: default `radiusKm` when a request gives none. */
export const DEFAULT_RADIUS_KM = 0.3;
/**
 * Largest radius the service generates (SPEC.md leaves it open): with the adaptive terrain mesh a 5 km
 * model costs what a 2 km one did on the 10 m grid (bench/RESULTS.md, "Ground that follows relief").
 */
export const MAX_RADIUS_KM = 5;
/** Smallest radius: below ~50 m a model would not show a single neighbour's shadow. */
export const MIN_RADIUS_KM = 0.05;

export const RadiusKm = Type.Number({ minimum: MIN_RADIUS_KM, maximum: MAX_RADIUS_KM, default: DEFAULT_RADIUS_KM, description: `Radius of the modelled area in km (${MIN_RADIUS_KM} to ${MAX_RADIUS_KM}); default 0.3` });

/** `POST /api/v1/models`. */
export const ModelRequestBody = Type.Object(
  { latitude: Latitude, longitude: Longitude, radiusKm: Type.Optional(RadiusKm) },
  // A real place for the API documentation's example (its generated one was the South Pole).
  { additionalProperties: false, examples: [{ latitude: 47.141, longitude: 9.5209, radiusKm: 0.3 }] },
);
export type ModelRequestBody = Static<typeof ModelRequestBody>;

/** `POST /api/viewer/models`: the service's own viewer pages ask for their model. */
export const ViewerModelRequest = Type.Object(
  {
    latitude: Latitude,
    longitude: Longitude,
    radiusKm: Type.Optional(RadiusKm),
    key: Type.Optional(Type.String({ maxLength: 200, description: 'The API key of the embed URL: HD model' })),
  },
  { additionalProperties: false },
);
export type ViewerModelRequest = Static<typeof ViewerModelRequest>;

/** Why a ready model may look empty: OpenStreetMap maps no building within its radius. */
export const NO_BUILDINGS = 'no_buildings';
export const NO_BUILDINGS_MESSAGE = 'No buildings are mapped here yet';

/** The step of a failed job: this, then the reason (`Failed: Overpass answered 504 Gateway Timeout`). */
export const FAILED_STEP_PREFIX = 'Failed: ';

/** The reason a failed job's step gives, without its prefix. */
export function failureReason(step: string): string {
  return step.startsWith(FAILED_STEP_PREFIX) ? step.slice(FAILED_STEP_PREFIX.length) : step;
}

/**
 * What a ready model holds, beside SPEC.md's fields (which stay as they are): the building count, and a
 * reason when there is nothing to design on.
 */
export const ModelMetadata = Type.Object({
  buildings: Type.Integer({ minimum: 0, description: 'Buildings in the model' }),
  reason: Type.Optional(Type.Literal(NO_BUILDINGS, { description: 'Set when the model holds no building: OpenStreetMap maps none within its radius' })),
  message: Type.Optional(Type.String({ description: `Human-readable reason, e.g. "${NO_BUILDINGS_MESSAGE}"` })),
}, { description: 'Present on ready jobs whose building count is known' });
export type ModelMetadata = Static<typeof ModelMetadata>;

/**
 * Why a failed job failed, beside SPEC.md's fields, when another request for the place would fail the
 * same way: a program should not retry it.
 */
export const FailureMetadata = Type.Object({
  reason: Type.Literal(OUTSIDE_MAP_DATA, { description: 'The place lies outside the map data the service holds: requesting it again fails the same way' }),
  message: Type.String({ description: 'Human-readable reason, as the step gives it' }),
}, { description: 'Present on failed jobs that a new request cannot mend' });
export type FailureMetadata = Static<typeof FailureMetadata>;

/** SPEC.md "Model job", as every model route answers it (new jobs and cache hits in short form). */
export const ModelJob = Type.Object(
  {
    id: Type.String({ description: 'hd_<latitude>_<longitude>_<radiusKm>; the same area gives the same id' }),
    status: Type.Enum(['pending', 'processing', 'ready', 'failed']),
    modelUrl: Type.Optional(Nullable(Type.String({ description: 'URL of the GLB file; set when ready' }))),
    progress: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 100, description: 'Percent; set while processing and when ready' }))),
    step: Type.Optional(Nullable(Type.String({ description: 'What the generator is doing now; null when ready' }))),
    metadata: Type.Optional(Type.Union([ModelMetadata, FailureMetadata])),
  },
  { $id: 'ModelJob' },
);
export type ModelJob = Static<typeof ModelJob>;
/** States of a model job, exactly as SPEC.md names them. */
export type ModelStatus = ModelJob['status'];
/** A model job with every field (status reads); requests may answer the short form. */
export type ModelJobView = Required<Omit<ModelJob, 'metadata'>> & Pick<ModelJob, 'metadata'>;

export const ModelIdParams = Type.Object({ id: Type.String({ maxLength: 100, description: 'Model identifier' }) });
