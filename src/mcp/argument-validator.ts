import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/server';
import { Ajv } from 'ajv';
import { addTextRule, withTextRule } from '../contract/text-rule.ts';
import { validationMessage } from '../contract/validation-messages.ts';

/**
 * Validates tool arguments with the same schemas and the same messages as the REST endpoints
 * (`latitude and longitude are required`, `tiltDeg must be between 0 and 90`), so an agent reads
 * what a developer would.
 */
export class ArgumentValidator implements jsonSchemaValidator {
  readonly #ajv = new Ajv({ useDefaults: true, removeAdditional: false, allErrors: false, strict: false, coerceTypes: false });

  constructor() {
    // The REST routes' rule for text: no control characters (U+0000 above all) in any string argument.
    addTextRule(this.#ajv);
  }

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const validate = this.#ajv.compile(withTextRule(schema));
    return (input: unknown) => {
      const data = structuredClone(input);
      if (validate(data)) return { valid: true, data: data as T, errorMessage: undefined };
      return { valid: false, data: undefined, errorMessage: validationMessage(validate.errors ?? [], schema as never, 'arguments') };
    };
  }
}
