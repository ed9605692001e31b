import type { ErrorObject } from 'ajv';
import { FILLED_LINE_PATTERN, ONE_LINE_PATTERN } from './common.ts';
import { TEXT_RULE_KEYWORD } from './text-rule.ts';

/** SPEC.md's message for a request without a location. */
export const LOCATION_REQUIRED = 'latitude and longitude are required';

interface PropertySchema {
  type?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxLength?: number;
  pattern?: string;
  minLength?: number;
  enum?: unknown[];
  anyOf?: PropertySchema[];
  properties?: Record<string, PropertySchema>;
  items?: PropertySchema;
  const?: unknown;
}

interface ObjectSchema {
  properties?: Record<string, PropertySchema>;
}

/**
 * Turns the first schema violation into a short message that names the field and says what is allowed,
 * e.g. `tiltDeg must be between 0 and 90`. A missing latitude or longitude gives SPEC.md's own message.
 */
export function validationMessage(errors: ErrorObject[], schema: ObjectSchema | undefined, part: string): string {
  const first = errors.find((e) => e.keyword === 'required' && isLocation(e.params.missingProperty)) ?? errors[0];
  // A value that fits none of a union's options is reported option by option first; the union says it all.
  const error = (first && errors.find((e) => e.keyword === 'anyOf' && e.instancePath === first.instancePath)) ?? first;
  if (!error) return 'Invalid request';
  const path = error.instancePath.split('/').filter(Boolean).map((step) => step.replace(/~1/g, '/').replace(/~0/g, '~'));
  const field = path.join('.');
  // The schema of the failing value, found along its path, so nested fields (configuration.kwp) say their rule.
  const property = path.reduce<PropertySchema | undefined>((node, step) => node?.properties?.[step] ?? node?.items, schema as PropertySchema | undefined) ?? {};
  const allowedFields = Object.keys(property.properties ?? {}).join(', ');
  const where = ({ body: 'Request body', querystring: 'Query', arguments: 'Arguments' } as Record<string, string>)[part] ?? 'Path';
  switch (error.keyword) {
    case 'required': {
      const missing = String(error.params.missingProperty);
      if (field) return `${field}.${missing} is required`;
      return isLocation(missing) ? LOCATION_REQUIRED : `${missing} is required`;
    }
    case 'additionalProperties':
      return `${field ? `${field}.` : ''}${String(error.params.additionalProperty)} is not a known field; allowed fields: ${allowedFields}`;
    case 'type':
      if (field === '') return `${where} must be a JSON object`;
      if (part === 'querystring' && Array.isArray(error.data)) return `${field} is given ${error.data.length} times; give it once`;
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
    case 'const':
      return `${field} must be ${JSON.stringify(error.params.allowedValue)}`;
    case 'anyOf':
      return `${field} must be one of ${(property.anyOf ?? []).map((option) => JSON.stringify(option.const ?? option.type)).join(', ')}`;
    case 'pattern':
      return `${field} is not in the expected form (${describePattern(field, property.pattern)})`;
    case TEXT_RULE_KEYWORD:
      return `${field || where} must not contain control characters such as U+0000 or unpaired surrogates such as \\ud800; letters, digits, punctuation, spaces, tabs and line breaks are allowed`;
    default:
      return `${field || where} ${error.message ?? 'is invalid'}`;
  }
}

/**
 * Every problem of a request at once, one message per field (`tiltDeg is required; azimuthDeg is required;
 * tilt_deg is not a known field; …`), for callers that fix all in one go, such as language models. Takes
 * the errors of a validator run with `allErrors`.
 */
export function allValidationMessages(errors: ErrorObject[], schema: ObjectSchema | undefined, part: string): string {
  const byField = new Map<string, ErrorObject[]>();
  for (const error of errors) {
    // Unknown fields of one object are named together, with the allowed ones said once.
    const key = error.keyword === 'additionalProperties' ? `${error.instancePath}|unknown` : `${error.instancePath}|${String(error.params.missingProperty ?? '')}`;
    const group = byField.get(key);
    if (group) group.push(error);
    else byField.set(key, [error]);
  }
  const messages = [...byField.values()].map((group) => {
    const message = validationMessage(group, schema, part);
    const unknown = group.filter((e) => e.keyword === 'additionalProperties').map((e) => String(e.params.additionalProperty));
    if (unknown.length < 2) return message;
    const prefix = group[0].instancePath.split('/').filter(Boolean).map((step) => `${step}.`).join('');
    return message.replace(/^.*? is not a known field/, () => `${unknown.map((name) => prefix + name).join(', ')} are not known fields`);
  });
  return [...new Set(messages)].join('; ');
}

/**
 * What a request got wrong, every problem at once, from the errors of a validator run with `allErrors`.
 * A request without a location gets SPEC.md's message alone, word for word, since clients match it.
 */
export function requestProblems(errors: ErrorObject[], schema: ObjectSchema | undefined, part: string): string {
  if (errors.some((e) => e.keyword === 'required' && e.instancePath === '' && isLocation(e.params.missingProperty))) return LOCATION_REQUIRED;
  return allValidationMessages(errors, schema, part);
}

/** What a pattern-checked field should look like, in words. */
function describePattern(field: string, pattern: string | undefined): string {
  if (pattern === FILLED_LINE_PATTERN) return 'one line of text, not only spaces';
  if (pattern === ONE_LINE_PATTERN) return 'one line of text, without line breaks';
  const last = field.split('.').at(-1) ?? '';
  if (/e-?mail/i.test(last)) return 'an e-mail address such as name@example.com';
  if (/phone/i.test(last)) return 'digits, spaces and + ( ) . / -';
  if (last === 'buildingId') return 'a building id as the model names it, way/…, relation/… or lod2/…, with its slashes URL-encoded, e.g. way%2F94252435';
  return 'see the API reference at /docs';
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
