import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseForm } from '../../src/http/form-body.ts';

test('a url-encoded form is read as the browser wrote it: + as a space, UTF-8 escapes, a field given twice as a list, a bare name as empty', () => {
  const fields = parseForm('company=Solar+%26+Sons&city=Z%C3%BCrich&roof=a&roof=b&newsletter&=x');
  assert.deepEqual({ ...fields }, { company: 'Solar & Sons', city: 'Zürich', roof: ['a', 'b'], newsletter: '', '': 'x' });
});

test('a field named __proto__ is a field like any other, and changes no object', () => {
  const fields = parseForm('__proto__=x&constructor=y');
  assert.equal(Object.getPrototypeOf(fields), null);
  assert.equal(fields.__proto__, 'x');
  assert.equal(({} as Record<string, unknown>).x, undefined);
});

test('escapes that are not UTF-8, or a % without two hex digits, are refused naming the field', () => {
  assert.throws(() => parseForm('name=Z%FCrich'), /^Error: Form field "name" is not valid UTF-8 once its %-escapes are decoded$/);
  assert.throws(() => parseForm('share=50%'), /^Error: Form field "share" has a % not followed by two hex digits$/);
  assert.throws(() => parseForm('n%FF=1'), /^Error: A form field's name is not valid UTF-8/);
});
