import type { ErrorObject } from 'ajv';

/** SPEC.md's message for a request without a location. */
export const LOCATION_REQUIRED = 'latitude and longitude are required';

interface PropertySchema {
  type?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxLength?: number;
  minLength?: number;
  enum?: unknown[];
  anyOf?: PropertySchema[];
}

interface ObjectSchema {
  properties?: Record<string, PropertySchema>;
}

/**
 * Turns the first schema violation into a short message that names the field and says what is allowed,
 * e.g. `tiltDeg must be between 0 and 90`. A missing latitude or longitude gives SPEC.md's own message.
 */
export function validationMessage(errors: ErrorObject[], schema: ObjectSchema | undefined, part: string): string {
  const error = errors.find((e) => e.keyword === 'required' && isLocation(e.params.missingProperty)) ?? errors[0];
  if (!error) return 'Invalid request';
  const field = error.instancePath.split('/').filter(Boolean).join('.');
  const property = schema?.properties?.[field] ?? {};
  const allowedFields = Object.keys(schema?.properties ?? {}).join(', ');
  const where = ({ body: 'Request body', querystring: 'Query', arguments: 'Arguments' } as Record<string, string>)[part] ?? 'Path';
  switch (error.keyword) {
    case 'required': {
      const missing = String(error.params.missingProperty);
      return isLocation(missing) ? LOCATION_REQUIRED : `${missing} is required`;
    }
    case 'additionalProperties':
      return `${String(error.params.additionalProperty)} is not a known field; allowed fields: ${allowedFields}`;
    case 'type':
      if (field === '') return `${where} must be a JSON object`;
      return `${field} must be a ${describeType(String(error.params.type))}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${field} ${describeRange(property)}`;
    case 'maxLength':
      return `${field} must be at most ${property.maxLength} characters`;
    case 'minLength':
      return property.minLength === 1 ? `${field} must not be empty` : `${field} must be at least ${property.minLength} characters`;
    case 'enum':
      return `${field} must be one of ${(property.enum ?? error.params.allowedValues ?? []).join(', ')}`;
    default:
      return `${field || where} ${error.message ?? 'is invalid'}`;
  }
}

function isLocation(name: unknown): boolean {
  return name === 'latitude' || name === 'longitude';
}

function describeType(type: string): string {
  return type === 'integer' ? 'whole number' : type;
}

function describeRange(schema: PropertySchema): string {
  const low = schema.minimum ?? schema.exclusiveMinimum;
  const high = schema.maximum ?? schema.exclusiveMaximum;
  if (schema.minimum !== undefined && schema.maximum !== undefined) return `must be between ${low} and ${high}`;
  const parts: string[] = [];
  if (schema.exclusiveMinimum !== undefined) parts.push(`greater than ${schema.exclusiveMinimum}`);
  else if (schema.minimum !== undefined) parts.push(`at least ${schema.minimum}`);
  if (schema.exclusiveMaximum !== undefined) parts.push(`less than ${schema.exclusiveMaximum}`);
  else if (schema.maximum !== undefined) parts.push(`at most ${schema.maximum}`);
  return `must be ${parts.join(' and ')}`;
}
