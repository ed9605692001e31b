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

/** Characters drawn with the character before them: spaces, combining marks, variation selectors, joiners. */
const JOINING = /^[\s\p{M}\u200c\u200d\ufe00-\ufe0f]$/u;

/**
 * Splits a text into runs, each drawn by the first of `fonts` that has its characters (the first font
 * draws what none has). Spaces and marks stay with the character before them, so a run changes font
 * only where a letter needs another.
 */
export function fontRuns(text: string, fonts: readonly CoveringFont[]): FontRun[] {
  const runs: FontRun[] = [];
  for (const character of text) {
    const last = runs.at(-1);
    const font = last && JOINING.test(character) ? last.font : fontFor(character.codePointAt(0)!, fonts);
    if (last && last.font === font) last.text += character;
    else runs.push({ font, text: character });
  }
  return runs;
}

function fontFor(codePoint: number, fonts: readonly CoveringFont[]): string {
  return (fonts.find((font) => font.covers(codePoint)) ?? fonts[0]).name;
}
