import type { Language } from './languages.ts';
import { Translator } from './translator.ts';
import { de } from './messages/de.ts';
import { en, type Catalogue } from './messages/en.ts';
import { es } from './messages/es.ts';
import { fr } from './messages/fr.ts';
import { it } from './messages/it.ts';
import { nl } from './messages/nl.ts';

/** One message catalogue per language (all are small: the browser bundle carries them all). */
export const CATALOGUES: Record<Language, Catalogue> = { en, de, fr, it, es, nl };

const translators = new Map<Language, Translator>();

/** The (shared) translator of a language, for the service's e-mails and reports. */
export function translator(language: Language): Translator {
  let found = translators.get(language);
  if (!found) {
    found = new Translator(language, CATALOGUES[language]);
    translators.set(language, found);
  }
  return found;
}
