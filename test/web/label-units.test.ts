import assert from 'node:assert/strict';
import { test } from 'node:test';
import { labelUnits } from '../../web/src/viewer/label-units.ts';

test('a name in a script whose letters keep their shape is laid letter by letter, accents with their letter', () => {
  assert.deepEqual(labelUnits('Rue 12'), ['R', 'u', 'e', ' ', '1', '2']);
  // "é" written as e and a combining acute accent stays one cell.
  assert.deepEqual(labelUnits('Cafe\u0301'), ['C', 'a', 'f', 'e\u0301']);
  assert.deepEqual(labelUnits('Улица'), ['У', 'л', 'и', 'ц', 'а']);
});

test('Arabic words are drawn whole (their letters join), laid right to left with the number kept in order', () => {
  // "شارع الملك 15": two words and a number, read from the right.
  assert.deepEqual(labelUnits('شارع الملك 15'), ['15', ' ', 'الملك', ' ', 'شارع']);
});

test('a Hebrew name is laid from its end, its number not turned round', () => {
  assert.deepEqual(labelUnits('רחוב הרצל 12'), ['12', ' ', 'הרצל', ' ', 'רחוב']);
});

test('words of scripts that stack or join letters (Devanagari, Thai) are drawn whole; Latin words beside them still letter by letter', () => {
  assert.deepEqual(labelUnits('महात्मा गांधी मार्ग'), ['महात्मा', ' ', 'गांधी', ' ', 'मार्ग']);
  assert.deepEqual(labelUnits('ถนนสุขุมวิท Soi 3'), ['ถนนสุขุมวิท', ' ', 'S', 'o', 'i', ' ', '3']);
});
