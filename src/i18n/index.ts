/**
 * Languages of the visitor-facing pages, report and e-mails: the supported languages, the choice of one
 * from what the visitor sends, and the translator with every message catalogue (the service's entry;
 * the web app uses browser.ts, which loads only the page's catalogue).
 */
export { acceptedLanguages, DEFAULT_LANGUAGE, isLanguage, LANGUAGES, pickLanguage, type Language } from './languages.ts';
export { CATALOGUES, translator } from './catalogues.ts';
export { Translator, type MessageValues } from './translator.ts';
export type { Catalogue, MessageKey } from './messages/en.ts';
