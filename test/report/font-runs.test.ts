import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fontRuns, type CoveringFont } from '../../src/report/font-runs.ts';

/** Latin and Cyrillic in the body font; CJK in a fallback; a house emoji in another; nothing has the snowman. */
const FONTS: CoveringFont[] = [
  { name: 'body', covers: (c) => c < 0x2000 },
  { name: 'cjk', covers: (c) => (c >= 0x3000 && c <= 0x9fff) || (c >= 0x30 && c <= 0x39) },
  { name: 'emoji', covers: (c) => c === 0x1f3e0 },
];

test('a text is drawn in runs by the first font that has each character; spaces and marks keep the run they follow', () => {
  assert.deepEqual(fontRuns('Städtle 1, Vaduz', FONTS), [{ font: 'body', text: 'Städtle 1, Vaduz' }], 'one run where the body font has everything');
  assert.deepEqual(fontRuns('東京都 4-2 🏠 Москва', FONTS), [
    { font: 'cjk', text: '東京都 ' },
    { font: 'body', text: '4-2 ' },
    { font: 'emoji', text: '🏠 ' },
    { font: 'body', text: 'Москва' },
  ]);
  // A variation selector and a combining accent stay with the character they change; a mark the
  // character's font lacks (a keycap) is drawn by a font that has it.
  assert.deepEqual(fontRuns('🏠\ufe0fe\u0301', FONTS), [{ font: 'emoji', text: '🏠\ufe0f' }, { font: 'body', text: 'e\u0301' }]);
  const keycap: CoveringFont[] = [{ name: 'body', covers: (c) => c < 0x2000 }, { name: 'symbols', covers: (c) => c === 0x20e3 }];
  assert.deepEqual(fontRuns('1\ufe0f\u20e3', keycap), [{ font: 'body', text: '1\ufe0f' }, { font: 'symbols', text: '\u20e3' }]);
  assert.deepEqual(fontRuns('☃ a', FONTS), [{ font: 'body', text: '☃ a' }], 'a character no font has goes to the first');
  assert.deepEqual(fontRuns('', FONTS), []);
});
