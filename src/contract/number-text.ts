import type { ErrorObject, ValidateFunction } from 'ajv';

/** A number as text: digits with an optional sign, decimals and exponent; nothing else. */
const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/** A number written as decimal text (`47.04`, `-1e3`), or undefined for anything else (blank, `0x10`). */
export function decimalNumber(text: string | undefined): number | undefined {
  return text !== undefined && DECIMAL.test(text) ? Number(text) : undefined;
}

/**
 * A query string or path validator that takes numbers only as decimal text before coercing them:
 * coercion alone reads a blank (`lat=%20`) as 0 and `0x10` as 16, putting a viewer in the Gulf of Guinea
 * instead of saying what is wrong.
 */
export function withDecimalNumbers(validate: ValidateFunction, schema: unknown): ValidateFunction {
  const numeric = numericFields(schema);
  if (numeric.length === 0) return validate;
  const strict = ((data: unknown) => {
    const values = (data ?? {}) as Record<string, unknown>;
    const wrong = numeric.filter(({ name }) => typeof values[name] === 'string' && decimalNumber(values[name]) === undefined);
    const valid = validate(data);
    // A number not written in decimals is reported as the wrong type, with the rest of the request's problems.
    const wrongPaths = new Set(wrong.map(({ name }) => `/${name}`));
    const notDecimal = wrong.map(({ name, type }) => ({ keyword: 'type', instancePath: `/${name}`, schemaPath: `#/properties/${name}/type`, params: { type }, message: `must be ${type}` }) as ErrorObject);
    const others = (validate.errors ?? []).filter((error) => !wrongPaths.has(error.instancePath));
    strict.errors = wrong.length > 0 || !valid ? [...notDecimal, ...others] : null;
    return valid && wrong.length === 0;
  }) as ValidateFunction;
  return strict;
}

function numericFields(schema: unknown): { name: string; type: string }[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties ?? {};
  return Object.entries(properties).flatMap(([name, property]) => (property.type === 'number' || property.type === 'integer' ? [{ name, type: property.type }] : []));
}
