/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Markup that is already safe to send: made by {@link html}, never from a visitor's text. */
export class SafeHtml {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

type Value = SafeHtml | string | number | boolean | null | undefined | Value[];

/**
 * A template tag for pages: every interpolated value is escaped unless it is {@link SafeHtml} (made by
 * this tag), arrays are joined, and null, undefined and false write nothing. So a name, an e-mail or a
 * message a visitor typed can never become markup. A dozen lines; a template engine would add a
 * dependency and a second syntax for the same thing.
 */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1];
  });
  return new SafeHtml(out);
}

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}
