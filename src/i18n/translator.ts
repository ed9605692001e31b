import { IntlMessageFormat } from 'intl-messageformat';
import type { Language } from './languages.ts';
import type { Catalogue, MessageKey } from './messages/en.ts';

/** Values a message's placeholders take: numbers choose plurals; text arrives formatted already. */
export type MessageValues = Record<string, string | number>;

/**
 * The messages and the number and date formats of one language. Messages are ICU MessageFormat
 * (FormatJS `intl-messageformat`), compiled once per key and kept.
 */
export class Translator {
  readonly language: Language;
  readonly #catalogue: Catalogue;
  readonly #compiled = new Map<MessageKey, IntlMessageFormat>();
  readonly #numbers = new Map<number, Intl.NumberFormat>();

  constructor(language: Language, catalogue: Catalogue) {
    this.language = language;
    this.#catalogue = catalogue;
  }

  /** The message `key` with its placeholders filled. */
  t(key: MessageKey, values?: MessageValues): string {
    let format = this.#compiled.get(key);
    if (!format) {
      format = new IntlMessageFormat(this.#catalogue[key], this.language);
      this.#compiled.set(key, format);
    }
    return String(format.format(values));
  }

  /** A number with at most `digits` decimals, grouped as the language groups (1,234.5; 1.234,5). */
  number(value: number, digits = 0): string {
    let format = this.#numbers.get(digits);
    if (!format) {
      format = new Intl.NumberFormat(this.language, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
      this.#numbers.set(digits, format);
    }
    return format.format(value);
  }

  /** A share (0–1) as a percentage (`12 %`, `12 %`, `12%`, as the language writes it). */
  percent(fraction: number, digits = 0): string {
    return new Intl.NumberFormat(this.language, { style: 'percent', maximumFractionDigits: digits, minimumFractionDigits: digits }).format(fraction);
  }

  /** An amount of money in `currency`, to whole units unless `digits` says otherwise. */
  money(value: number, currency = 'EUR', digits = 0): string {
    return new Intl.NumberFormat(this.language, { style: 'currency', currency, maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value);
  }

  /** A duration in years, as words of the language (`8.5 years`, `8,5 Jahre`). */
  years(value: number, digits = 1): string {
    return new Intl.NumberFormat(this.language, { style: 'unit', unit: 'year', unitDisplay: 'long', maximumFractionDigits: digits }).format(value);
  }

  /** The month's name (0 = January), long (`März`), short (`Mär`) or narrow (`M`). */
  month(index: number, width: 'long' | 'short' | 'narrow' = 'long'): string {
    return new Intl.DateTimeFormat(this.language, { month: width, timeZone: 'UTC' }).format(Date.UTC(2026, index, 15));
  }

  /** A calendar date as the language writes it in full (`23 November 2026`, `23. November 2026`). */
  date(instant: Date, timeZone = 'UTC'): string {
    return new Intl.DateTimeFormat(this.language, { dateStyle: 'long', timeZone }).format(instant);
  }

  /** A list joined as the language joins it (`a, b and c`, `a, b und c`). */
  list(items: string[]): string {
    return new Intl.ListFormat(this.language, { type: 'conjunction' }).format(items);
  }
}
