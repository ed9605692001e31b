/** Letters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/**
 * Letters of scripts whose letters change shape with their neighbours or stack into clusters across
 * characters: Arabic-type joining scripts, the Brahmic scripts of South and Southeast Asia (Devanagari to
 * Sinhala, Thai, Lao, Tibetan, Myanmar, Khmer) and Mongolian. A word of them is drawn whole, so the
 * browser shapes it.
 */
const SHAPED = /[\u0600-\u08ff\ufb50-\ufdff\ufe70-\ufeff\u0900-\u0dff\u0e00-\u0eff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff\u1800-\u18af]/;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The pieces a text is laid in along its path, left to right as read on screen, each drawn as one cell of
 * the letter atlas: single letters (grapheme clusters: a letter with its accents) where letters keep their
 * shape, so a name bends with its road; whole words where the script joins or stacks letters; and, in a
 * right-to-left text, whole words laid from its end, so numbers and Latin words inside it keep their
 * order.
 */
export function labelUnits(text: string): string[] {
  const rightToLeft = RIGHT_TO_LEFT.test(text);
  if (!rightToLeft && !SHAPED.test(text)) return letters(text);
  const units = words(text).flatMap((word) => (rightToLeft || SHAPED.test(word) ? [word] : letters(word)));
  return rightToLeft ? units.reverse() : units;
}

/** The text's grapheme clusters. */
function letters(text: string): string[] {
  return [...graphemes.segment(text)].map((part) => part.segment);
}

/** The text's words and the spaces between them, in order. */
function words(text: string): string[] {
  return text.split(/(\s+)/).filter((part) => part.length > 0);
}
