import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { FALLBACK_ACCURACY } from '../../src/irradiance/index.ts';
import { compileCatalogue } from '../../src/i18n/compile.ts';
import { acceptedLanguages, CATALOGUES, LANGUAGES, pickLanguage, translator, Translator, type MessageKey } from '../../src/i18n/index.ts';

/** Every placeholder a message names, with its kind (`count:plural`, `name:argument`), plural branches included. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]): void => {
    for (const element of elements) {
      if (element.type === TYPE.argument) found.add(`${element.value}:argument`);
      else if (element.type === TYPE.plural) {
        found.add(`${element.value}:plural`);
        for (const option of Object.values(element.options)) walk(option.value);
      } else if (element.type === TYPE.select) {
        found.add(`${element.value}:select`);
        for (const option of Object.values(element.options)) walk(option.value);
      } else if (element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) found.add(`${element.value}:${TYPE[element.type]}`);
    }
  };
  walk(parse(message));
  return [...found].sort();
}

describe('message catalogues', () => {
  const english = CATALOGUES.en;
  const keys = Object.keys(english).sort();

  test('there is one catalogue per language, and six languages', () => {
    assert.deepEqual(Object.keys(CATALOGUES).sort(), [...LANGUAGES].sort());
    assert.deepEqual([...LANGUAGES].sort(), ['de', 'en', 'es', 'fr', 'it', 'nl']);
  });

  for (const language of LANGUAGES) {
    test(`${language}: every key of the English catalogue and no other, each message parses with the same placeholders`, () => {
      const catalogue = CATALOGUES[language] as Record<string, string>;
      const have = Object.keys(catalogue).sort();
      assert.deepEqual(keys.filter((key) => !(key in catalogue)), [], 'missing keys');
      assert.deepEqual(have.filter((key) => !(key in english)), [], 'extra keys');
      for (const key of keys) {
        const message = catalogue[key];
        assert.ok(message.trim().length > 0, `${language} ${key} is empty`);
        assert.deepEqual(placeholders(message), placeholders(english[key as MessageKey]), `${language} ${key}: placeholders differ`);
      }
    });
  }

  test('the languages are really translated: most messages differ from English', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const same = keys.filter((key) => (CATALOGUES[language] as Record<string, string>)[key] === english[key as MessageKey]);
      assert.ok(same.length < keys.length * 0.2, `${language}: ${same.length} of ${keys.length} messages are the English ones`);
    }
  });

  test('the English fallback accuracy is the irradiance library’s own words', () => {
    assert.equal(CATALOGUES.en['source.accuracy'], FALLBACK_ACCURACY);
  });

  test('compiled catalogues (as the web build ships them) say exactly what the written ones say', () => {
    for (const language of LANGUAGES) {
      const compiled = compileCatalogue(CATALOGUES[language]);
      const shipped = new Translator(language, compiled);
      const written = translator(language);
      for (const key of keys as MessageKey[]) {
        const names = placeholders(english[key]).map((placeholder) => placeholder.split(':'));
        for (const count of [1, 3]) {
          const values = Object.fromEntries(names.map(([name, kind]) => [name!, kind === 'plural' ? count : `‹${name}›`]));
          assert.equal(shipped.t(key, values), written.t(key, values), `${language} ${key}`);
        }
        // The page has no parser: a message with placeholders must arrive parsed.
        if (names.length > 0) assert.ok(Array.isArray(compiled[key]), `${language} ${key} is shipped unparsed`);
      }
    }
  });

  test('messages fill placeholders, plurals and numbers in the language', () => {
    const de = translator('de');
    assert.equal(de.t('wizard.summary', { count: 1 }), '1 Modul auf diesem Dach.');
    assert.equal(de.t('wizard.summary', { count: 12 }), '12 Module auf diesem Dach.');
    assert.equal(de.number(12345.678, 1), '12.345,7');
    assert.equal(translator('en').number(12345.678, 1), '12,345.7');
    assert.equal(de.t('value.kwh', { value: de.number(4321) }), '4.321 kWh');
    assert.equal(translator('fr').t('wizard.summary', { count: 2 }), '2 panneaux sur ce toit.');
    assert.equal(de.month(2), 'März');
    assert.match(de.years(8.5), /^8,5 Jahre$/);
  });
});

describe('choosing a language', () => {
  test('Accept-Language: by weight, then order; * and q=0 left out', () => {
    assert.deepEqual(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5'), ['fr-CH', 'fr', 'en', 'de']);
    assert.deepEqual(acceptedLanguages('en;q=0.1, nl'), ['nl', 'en']);
    assert.deepEqual(acceptedLanguages('de;q=0, it'), ['it']);
    assert.deepEqual(acceptedLanguages(undefined), []);
  });

  test('the first preferred language we speak, matched on its primary subtag', () => {
    assert.equal(pickLanguage(['pt-BR', 'de-CH', 'en']), 'de');
    assert.equal(pickLanguage(['NL-be']), 'nl');
    assert.equal(pickLanguage(['pt', 'ja']), undefined);
  });
});
