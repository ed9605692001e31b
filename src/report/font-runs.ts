/** A font a text can be drawn with: its registered name, and which characters it has. */
export interface CoveringFont {
  name: string;
  covers: (codePoint: number) => boolean;
}

/** A stretch of text drawn with one font. */
export interface FontRun {
  font: string;
  text: string;
}

/** Characters drawn with the character before them whatever the font: spaces, joiners, variation selectors (no glyph of their own). */
const JOINING = /^[\s\u200c\u200d\ufe00-\ufe0f]$/u;
/** Combining marks: drawn with the character before them when its font has them. */
const MARK = /^\p{M}$/u;

/**
 * Splits a text into runs, each drawn by the first of `fonts` that has its characters (the first font
 * draws what none has). Spaces, joiners and variation selectors stay with the character before them, and
 * a combining mark too when that font has it, so a run changes font only where a letter needs another.
 */
export function fontRuns(text: string, fonts: readonly CoveringFont[]): FontRun[] {
  const runs: FontRun[] = [];
  for (const character of text) {
    const last = runs.at(-1);
    const codePoint = character.codePointAt(0)!;
    const joins = last && (JOINING.test(character) || (MARK.test(character) && fonts.find((font) => font.name === last.font)?.covers(codePoint)));
    const font = joins ? last.font : fontFor(codePoint, fonts);
    if (last && last.font === font) last.text += character;
    else runs.push({ font, text: character });
  }
  return runs;
}

function fontFor(codePoint: number, fonts: readonly CoveringFont[]): string {
  return (fonts.find((font) => font.covers(codePoint)) ?? fonts[0]).name;
}
