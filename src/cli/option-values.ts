import type { parseArgs } from 'node:util';

type ParseOptions = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

/**
 * A negative number, such as a longitude west of Greenwich: `-0.0984`, `-12`, `-.5`, `-1e-3`; or a list
 * of numbers that starts with one, such as a place south of the equator: `-33.9,-18.4,2`.
 */
const NEGATIVE_NUMBER = /^-(\d+\.?\d*|\.\d+)(e[+-]?\d+)?(,-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?)*$/i;

/**
 * Joins a long string option with a negative number after it (`--lng -0.0984` → `--lng=-0.0984`). Node's
 * strict parser takes `-0.0984` for an option and refuses the pair as ambiguous, which would hit every
 * place west of Greenwich or south of the equator. Nothing after `--` is touched.
 */
export function joinNegativeValues(args: string[], options: ParseOptions): string[] {
  const end = args.indexOf('--');
  const head = end === -1 ? args : args.slice(0, end);
  const joined: string[] = [];
  for (let i = 0; i < head.length; i++) {
    const name = head[i].startsWith('--') ? head[i].slice(2) : undefined;
    const next = head[i + 1];
    if (name !== undefined && options?.[name]?.type === 'string' && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      joined.push(`${head[i]}=${next}`);
      i++;
    } else {
      joined.push(head[i]);
    }
  }
  return end === -1 ? joined : [...joined, ...args.slice(end)];
}
