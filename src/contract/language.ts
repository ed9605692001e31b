import { Type } from 'typebox';

/** The languages of the visitor-facing pages, report and e-mails (src/i18n holds their catalogues). */
export const LANGUAGE_CODES = ['en', 'de', 'fr', 'it', 'es', 'nl'] as const;

/** A `lang` parameter or field: one of {@link LANGUAGE_CODES}. */
export const Lang = Type.Enum([...LANGUAGE_CODES], {
  description: `Language of the page, report and e-mails to the visitor: ${LANGUAGE_CODES.join(', ')}. Without it, the browser's language (Accept-Language), else English.`,
});
