import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { isPlainText, type Message } from './translator.ts';

/**
 * A message as the translator takes it without a parser: plain text stays text, anything with ICU
 * syntax (placeholders, plurals, quoting) becomes its parsed form. The web build stores catalogues
 * this way, so the page carries the formatter but not the message parser.
 */
export function compileMessage(source: string): Message {
  if (isPlainText(source)) return source;
  return parse(source) as MessageFormatElement[];
}

/** Every message of a catalogue compiled (see {@link compileMessage}). */
export function compileCatalogue<Key extends string>(catalogue: Readonly<Record<Key, string>>): Record<Key, Message> {
  const compiled = {} as Record<Key, Message>;
  for (const key of Object.keys(catalogue) as Key[]) compiled[key] = compileMessage(catalogue[key]);
  return compiled;
}

/** Keys of the messages only the service says: the site report's PDF (`report.`) and its e-mails (`mail.`). */
const SERVICE_ONLY = /^(report|mail)\./;

/** Whether the web pages use a message: the page build leaves the service's own out of its catalogues. */
export function isPageMessage(key: string): boolean {
  return !SERVICE_ONLY.test(key);
}

/** A catalogue as the pages carry it: their messages only, compiled. */
export function compilePageCatalogue<Key extends string>(catalogue: Readonly<Record<Key, string>>): Partial<Record<Key, Message>> {
  const compiled = compileCatalogue(catalogue);
  for (const key of Object.keys(compiled) as Key[]) if (!isPageMessage(key)) delete compiled[key];
  return compiled;
}
