import { DEFAULT_LANGUAGE, ENGLISH, isLanguage, loadCatalogue, pickLanguage, Translator, type Language, type MessageKey, type MessageValues } from '../../../src/i18n/browser.ts';

let current = new Translator(DEFAULT_LANGUAGE, ENGLISH);

/**
 * Chooses the page's language: the one the service chose (the `lang` parameter, else the request's
 * Accept-Language), else the browser's own list (`navigator.languages`), else English; loads its
 * catalogue and sets it on the page (`<html lang>`), so the browser's own controls and screen readers follow.
 */
export async function chooseLanguage(document: Document, fromService: string | undefined, browser: readonly string[]): Promise<Language> {
  const language = isLanguage(fromService) ? fromService : (pickLanguage(browser) ?? DEFAULT_LANGUAGE);
  try {
    current = new Translator(language, await loadCatalogue(language));
  } catch {
    // The catalogue's script could not be fetched (connection lost): the page stays in English.
    return DEFAULT_LANGUAGE;
  }
  document.documentElement.lang = language;
  return language;
}

/** The page language's message `key`, filled in. */
export function t(key: MessageKey, values?: MessageValues): string {
  return current.t(key, values);
}

/** A roof shape's name in the page's language (the generator's own word for a shape without one). */
export function shapeName(shape: string): string {
  const key = `shape.${shape}`;
  return key in ENGLISH ? t(key as MessageKey) : shape;
}

/** Numbers, money, percentages, months and dates in the page's language. */
export function formats(): Translator {
  return current;
}

/**
 * Translates the page's fixed text: an element's `data-i18n` names the message of its text, and
 * `data-i18n-title`, `data-i18n-aria-label` and `data-i18n-placeholder` name those of its attributes.
 */
export function translatePage(document: Document): void {
  document.title = t('page.title');
  // Text already in the page's words is left as it is: a rewritten text node is painted anew, and the
  // browser counts it again as the page's largest paint, later.
  for (const element of document.querySelectorAll<HTMLElement>('[data-i18n]')) {
    const text = t(element.dataset.i18n as MessageKey);
    if (element.textContent !== text) element.textContent = text;
  }
  for (const [data, attribute] of [['i18nTitle', 'title'], ['i18nAriaLabel', 'aria-label'], ['i18nPlaceholder', 'placeholder']] as const) {
    const selector = `[data-${data.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}]`;
    for (const element of document.querySelectorAll<HTMLElement>(selector)) element.setAttribute(attribute, t(element.dataset[data] as MessageKey));
  }
}
