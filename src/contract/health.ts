import { Type, type Static } from 'typebox';

/** `GET /api/health`: the service and each check it depends on. */
export const HealthBody = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  error: Type.Optional(Type.String()),
  version: Type.String(),
  uptimeS: Type.Number(),
  checks: Type.Object({ database: Type.String(), queue: Type.String(), storage: Type.String() }),
});
export type HealthBody = Static<typeof HealthBody>;
