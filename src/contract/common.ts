import { Type } from 'typebox';

/** A schema that also allows `null`. */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'What is wrong and what is allowed' }),
    useLocalFallback: Type.Optional(Type.Boolean({ description: 'Only on 503 from the solar calculation: a client-side fallback is available' })),
    hint: Type.Optional(Type.String({ description: 'Only on 401 for a key whose account has no API access: its plan, and the plan the API needs' })),
  },
  { $id: 'Error', description: 'Every error response' },
);

export const Latitude = Type.Number({ minimum: -90, maximum: 90, description: 'Latitude in degrees (WGS 84)' });
export const Longitude = Type.Number({ minimum: -180, maximum: 180, description: 'Longitude in degrees (WGS 84)' });
