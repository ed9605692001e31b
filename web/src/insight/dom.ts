/** A new element with attributes and text (set as text: nothing shown is parsed as HTML). */
export function element(document: Document, tag: string, attributes: Record<string, string> = {}, text?: string): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Fills a `<dl>` with term–value rows. */
export function fillFigures(list: HTMLElement, rows: [string, string][]): void {
  list.replaceChildren(...rows.flatMap(([term, value]) => {
    const dt = list.ownerDocument.createElement('dt');
    dt.textContent = term;
    const dd = list.ownerDocument.createElement('dd');
    dd.textContent = value;
    return [dt, dd];
  }));
}
