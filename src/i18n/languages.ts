import { LANGUAGE_CODES } from '../contract/language.ts';

/** The languages the viewer, the quote form, the site report and the visitors' e-mails speak. */
export const LANGUAGES = LANGUAGE_CODES;
export type Language = (typeof LANGUAGES)[number];

/** The language when nothing the visitor sends names one we speak. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Whether `value` names a language of {@link LANGUAGES}. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of the visitor's preferred languages (BCP 47 tags, most wanted first, like
 * `navigator.languages`) that we speak, matched on the primary subtag (`de-CH` is German); undefined
 * when none is.
 */
export function pickLanguage(preferences: readonly string[]): Language | undefined {
  for (const tag of preferences) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/**
 * The tags of an HTTP `Accept-Language` header, most wanted first (by `q`, then by order); `*` and
 * tags with `q=0` are left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
