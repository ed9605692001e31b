/**
 * The page's keyboard shortcuts (Space plays the day, P opens the Solar Wizard) give way to what the key
 * already does where it is pressed: typing in a field, pressing a button or opening a fold, and anything
 * in an open modal dialog (a visitor writing "Please call" in the quote form's message types a space and
 * a "p"; neither may start the day or close the wizard behind the dialog).
 */

/** Elements that use Space themselves: pressing it there activates or types. */
const SPACE_OWNERS = 'input, textarea, select, button, summary, a[href], [contenteditable]:not([contenteditable="false"]), [role="button"], [role="slider"], [role="option"]';
/** Elements that use a letter themselves: typing, or a list's jump to an entry. */
const LETTER_OWNERS = 'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="combobox"], [role="listbox"]';

/**
 * Whether a key press is the page's shortcut `key` (`' '`, or a letter matched either case) rather than
 * the focused element's own key, a modified key (Ctrl, Alt, Meta) or a key pressed in an open modal
 * dialog.
 */
export function isShortcut(event: KeyboardEvent, key: string): boolean {
  if (event.key.toLowerCase() !== key.toLowerCase() || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target instanceof Element ? event.target : undefined;
  if (!target) return true;
  if (target.closest('dialog[open]')) return false;
  return !target.closest(key === ' ' ? SPACE_OWNERS : LETTER_OWNERS);
}
