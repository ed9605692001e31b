import type { Ajv } from 'ajv';

/**
 * Control characters no request text may hold: U+0000 (which PostgreSQL cannot store in text, so it
 * would fail deep in a query) and the other C0 controls and DEL. Tab, line feed and carriage return
 * stay allowed for free text such as a message. Unpaired UTF-16 surrogates (`\ud800` in JSON) are
 * refused too: stored, they became U+FFFD, so a value read back differed from the one answered.
 */
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The schema keyword of the rule; every string of every route schema gets it. */
export const TEXT_RULE_KEYWORD = 'plainText';

/** Teaches a validator the rule. */
export function addTextRule(ajv: Ajv): void {
  ajv.addKeyword({ keyword: TEXT_RULE_KEYWORD, type: 'string', schemaType: 'boolean', errors: false, validate: (on: boolean, data: string) => !on || (!CONTROL_CHARACTER.test(data) && data.isWellFormed()) });
}

/**
 * A copy of a route schema with the rule on every string (bodies, query strings, path parameters), so
 * it holds for every route at once, including routes added later. The route's own schema object is
 * left as it is: the API description shows it unchanged.
 */
export function withTextRule<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item) => withTextRule(item)) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = key === 'default' || key === 'const' || key === 'enum' || key === 'examples' ? value : withTextRule(value);
  const type = copy.type;
  if ((type === 'string' || (Array.isArray(type) && type.includes('string'))) && copy[TEXT_RULE_KEYWORD] === undefined) copy[TEXT_RULE_KEYWORD] = true;
  return copy as T;
}
