/**
 * Languages of the visitor-facing pages, report and e-mails: the supported languages, the choice of one
 * from what the visitor sends, and the translator with its message catalogues. Browser-safe: no server
 * code, imported by the web app and the service alike.
 */
export { acceptedLanguages, DEFAULT_LANGUAGE, isLanguage, LANGUAGES, pickLanguage, type Language } from './languages.ts';
export { CATALOGUES } from './catalogues.ts';
export { translator, Translator, type MessageValues } from './translator.ts';
export type { Catalogue, MessageKey } from './messages/en.ts';
