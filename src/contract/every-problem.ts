import type { ValidateFunction } from 'ajv';

/**
 * A request larger than this (values, or characters of its strings) is told its first problem only: every
 * problem of a huge body costs the server time and memory a caller could ask for at will (a report body of
 * half a million empty objects took 17 s and a 94 MB answer), which is why validators stop at the first.
 */
const SMALL_VALUES = 500;
const SMALL_CHARS = 50_000;

/**
 * A validator that, for a request of a person's size, says every problem it has (`every`, compiled with
 * `allErrors`), so a caller fixes them in one go, and for a larger one stops at the first (`first`,
 * compiled when a large request first comes: most routes never see one).
 */
export function withEveryProblem(first: () => ValidateFunction, every: ValidateFunction): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown) => {
    // Chosen before validating: a validator coerces and fills in the data it checks.
    const chosen = isSmall(data) ? every : (compiled ??= first());
    const valid = chosen(data);
    validate.errors = valid ? null : chosen.errors;
    return valid;
  }) as ValidateFunction;
  return validate;
}

/** Whether a value holds at most {@link SMALL_VALUES} values and {@link SMALL_CHARS} characters of text; stops counting past them. */
function isSmall(data: unknown): boolean {
  const stack: unknown[] = [data];
  let values = 0;
  let chars = 0;
  while (stack.length > 0) {
    const value = stack.pop();
    if (++values > SMALL_VALUES) return false;
    if (typeof value === 'string') chars += value.length;
    else if (Array.isArray(value)) stack.push(...value.slice(0, SMALL_VALUES));
    else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) {
      chars += key.length;
      stack.push(item);
      if (stack.length > SMALL_VALUES) return false;
    }
    if (chars > SMALL_CHARS) return false;
  }
  return true;
}
