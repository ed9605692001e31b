import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/server';
import { Ajv } from 'ajv';
import { addTextRule, withTextRule } from '../contract/text-rule.ts';
import { allValidationMessages } from '../contract/validation-messages.ts';

/**
 * Validates tool arguments with the same schemas and the same messages as the REST endpoints
 * (`latitude and longitude are required`, `tiltDeg must be between 0 and 90`), so an agent reads
 * what a developer would; every problem at once, so a model can fix its call in one go.
 */
export class ArgumentValidator implements jsonSchemaValidator {
  readonly #ajv = new Ajv({ useDefaults: true, removeAdditional: false, allErrors: true, strict: false, coerceTypes: false });

  constructor() {
    // The REST routes' rule for text: no control characters (U+0000 above all) in any string argument.
    addTextRule(this.#ajv);
  }

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const validate = this.#ajv.compile(withTextRule(schema));
    const required = new Set((schema as { required?: string[] }).required ?? []);
    return (input: unknown) => {
      const data = withoutNullOptionals(structuredClone(input), required);
      if (validate(data)) return { valid: true, data: data as T, errorMessage: undefined };
      return { valid: false, data: undefined, errorMessage: allValidationMessages(validate.errors ?? [], schema as never, 'arguments') };
    };
  }
}

/**
 * The arguments with optional fields given as `null` left out: language models often write an unused
 * optional field as null, which means the same as leaving it out. Required fields stay, to be refused.
 */
function withoutNullOptionals(input: unknown, required: ReadonlySet<string>): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  return Object.fromEntries(Object.entries(input).filter(([name, value]) => value !== null || required.has(name)));
}
