import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Language } from './languages.ts';
import type { MessageKey } from './messages/en.ts';

/** Values a message's placeholders take: numbers choose plurals; text arrives formatted already. */
export type MessageValues = Record<string, string | number>;

/** A message: ICU MessageFormat source text, or its parsed form (see `compile.ts`). */
export type Message = string | MessageFormatElement[];

/** A language's messages, as written or compiled. */
export type Messages = Readonly<Record<MessageKey, Message>>;

/**
 * Whether ICU MessageFormat source is plain text, shown as written: nothing in it that the format
 * reads (placeholders, tags, quoting).
 */
export function isPlainText(source: string): boolean {
  return !/[{}<']/.test(source);
}

/**
 * The messages and the number and date formats of one language. Messages are ICU MessageFormat
 * (FormatJS `intl-messageformat`); plain text is shown as it is, the rest is compiled once per key and
 * kept.
 */
export class Translator {
  readonly language: Language;
  readonly #catalogue: Messages;
  readonly #compiled = new Map<MessageKey, IntlMessageFormat>();
  readonly #numbers = new Map<number, Intl.NumberFormat>();

  constructor(language: Language, catalogue: Messages) {
    this.language = language;
    this.#catalogue = catalogue;
  }

  /** The message `key` with its placeholders filled. */
  t(key: MessageKey, values?: MessageValues): string {
    const message = this.#catalogue[key];
    if (typeof message === 'string' && isPlainText(message)) return message;
    let format = this.#compiled.get(key);
    if (!format) {
      format = new IntlMessageFormat(message, this.language);
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

  /** An amount of money in `currency` (ISO 4217), to whole units unless `digits` says otherwise. */
  money(value: number, currency: string, digits = 0): string {
    return new Intl.NumberFormat(this.language, { style: 'currency', currency, maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value);
  }

  /**
   * A price per unit (a kWh) in `currency`: at least the currency's own decimals, and up to two more as
   * the price has them (0.245 EUR, 31.5 JPY), so an assumption is written as it was made.
   */
  price(value: number, currency: string): string {
    const minor = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    return new Intl.NumberFormat(this.language, { style: 'currency', currency, minimumFractionDigits: minor, maximumFractionDigits: minor + 2 }).format(value);
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
    // English dates are written the British way, day before month, as the partner's e-mails write them.
    return new Intl.DateTimeFormat(this.language === 'en' ? 'en-GB' : this.language, { dateStyle: 'long', timeZone }).format(instant);
  }

  /** A list joined as the language joins it (`a, b and c`, `a, b und c`). */
  list(items: string[]): string {
    return new Intl.ListFormat(this.language, { type: 'conjunction' }).format(items);
  }
}
