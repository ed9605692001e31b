/**
 * The web app's entry to the languages: the same choice rules and translator as the service's, with
 * English in the bundle and each other catalogue loaded on demand (its own small script), so a page
 * carries one language besides English. The web build compiles the catalogues' messages
 * (web/vite.config.ts), so the page carries no message parser.
 */
import type { Language } from './languages.ts';
import { en } from './messages/en.ts';
import type { Messages } from './translator.ts';

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, pickLanguage, type Language } from './languages.ts';
export { Translator, type Messages, type MessageValues } from './translator.ts';
export type { MessageKey } from './messages/en.ts';

/** The English catalogue (the reference: every key). */
export const ENGLISH: Messages = en;

/** A language's catalogue: English at once, the others fetched as their own script. */
export async function loadCatalogue(language: Language): Promise<Messages> {
  switch (language) {
    case 'en': return en;
    case 'de': return (await import('./messages/de.ts')).de;
    case 'fr': return (await import('./messages/fr.ts')).fr;
    case 'it': return (await import('./messages/it.ts')).it;
    case 'es': return (await import('./messages/es.ts')).es;
    case 'nl': return (await import('./messages/nl.ts')).nl;
  }
}
