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

/** A value on one line (a name, an address): no line breaks, which would split an e-mail's or a report's line. */
export const ONE_LINE_PATTERN = '^[^\\r\\n]*$';
/** One line with something written on it: blanks alone are not a name. */
export const FILLED_LINE_PATTERN = '^[^\\r\\n]*\\S[^\\r\\n]*$';

/** A one-line text field of at most `maxLength` characters; `filled`: it must hold more than blanks. */
export const OneLine = (maxLength: number, description: string, filled = true) =>
  Type.String({ ...(filled ? { minLength: 1 } : {}), maxLength, pattern: filled ? FILLED_LINE_PATTERN : ONE_LINE_PATTERN, description });
