import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseColour } from '../../src/modelgen/gltf/colours.ts';

const rgb = (colour: [number, number, number] | undefined) => colour?.map((c) => Math.round(c * 255));

test('OSM colours: hex, the toned-down common names, every other CSS name, spelt with spaces or underscores, the first of a list', () => {
  assert.deepEqual(rgb(parseColour('#abc')), [0xaa, 0xbb, 0xcc]);
  assert.deepEqual(rgb(parseColour('#B03A2E')), [0xb0, 0x3a, 0x2e]);
  // A wall tagged red is brick red, not #ff0000.
  assert.deepEqual(rgb(parseColour('red')), [0xb0, 0x3a, 0x2e]);
  assert.deepEqual(rgb(parseColour('Light Grey')), rgb(parseColour('lightgrey')));
  assert.deepEqual(rgb(parseColour('light_grey')), rgb(parseColour('lightgrey')));
  // Vaduz's Hohes Haus (way/434334532) and others: CSS names outside the toned-down list.
  assert.deepEqual(rgb(parseColour('khaki')), [240, 230, 140]);
  assert.deepEqual(rgb(parseColour('antiquewhite')), [250, 235, 215]);
  assert.deepEqual(rgb(parseColour('dimgray')), [105, 105, 105]);
  assert.deepEqual(rgb(parseColour('beige;brown')), rgb(parseColour('beige')));
  for (const unreadable of ['', ';', 'constructor', '__proto__', 'toString', 'reddish', '#12345', 'rgb(1,2,3)', undefined]) {
    assert.equal(parseColour(unreadable), undefined, String(unreadable));
  }
});
